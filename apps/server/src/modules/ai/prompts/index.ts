import type { AiAction } from '@bree/contracts';
import { addContentPrompt } from './add-content';
import { askPrompt } from './ask';
import { enhancePrompt } from './enhance';
import { expandPrompt } from './expand';
import { fillParagraphPrompt } from './fill-paragraph';
import { fillSentencePrompt } from './fill-sentence';
import { modifyPrompt } from './modify';
import { anotherVersionRequest } from './shared';
import type { BuiltPrompt, PromptInput } from './shared';
import { shrinkPrompt } from './shrink';

export type { BuiltPrompt, PromptInput } from './shared';

const BUILDERS: Record<AiAction, (input: PromptInput) => BuiltPrompt> = {
  enhance: enhancePrompt,
  modify: modifyPrompt,
  shrink: shrinkPrompt,
  expand: expandPrompt,
  'add-content': addContentPrompt,
  'fill-paragraph': fillParagraphPrompt,
  'fill-sentence': fillSentencePrompt,
  ask: askPrompt,
};

/** The system and user messages for one action; with earlier versions, the ask for a different one closes the prompt. */
export function buildPrompt(action: AiAction, input: PromptInput): BuiltPrompt {
  const built = BUILDERS[action](input);
  if (!input.earlierVersions?.length) return built;
  return { system: built.system, prompt: `${built.prompt}\n\n${anotherVersionRequest(input.earlierVersions)}` };
}

export { OPERATION_TYPE_OF } from '@bree/contracts';
