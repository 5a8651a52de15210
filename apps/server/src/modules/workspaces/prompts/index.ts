import type { VariantAction } from '@bree/contracts';
import { emailifyPrompt } from './emailify';
import { expandifyPrompt } from './expandify';
import { postifyPrompt } from './postify';
import type { VariantPrompt, VariantPromptInput } from './shared';
import { shrinkifyPrompt } from './shrinkify';
import { storifyPrompt } from './storify';
import { threadifyPrompt } from './threadify';
import { varyPrompt } from './vary';

export type { VariantPrompt, VariantPromptInput } from './shared';

const BUILDERS: Record<VariantAction, (input: VariantPromptInput) => VariantPrompt> = {
  vary: varyPrompt,
  shrinkify: shrinkifyPrompt,
  expandify: expandifyPrompt,
  emailify: emailifyPrompt,
  postify: postifyPrompt,
  storify: storifyPrompt,
  threadify: threadifyPrompt,
};

/** The system and user messages of one variant action. */
export function buildVariantPrompt(action: VariantAction, input: VariantPromptInput): VariantPrompt {
  return BUILDERS[action](input);
}
