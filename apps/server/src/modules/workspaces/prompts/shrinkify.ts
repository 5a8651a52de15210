import { variantRequest, variantSystem, type VariantPrompt, type VariantPromptInput } from './shared';

/** Shrinkify: the whole document condensed. */
export function shrinkifyPrompt(input: VariantPromptInput): VariantPrompt {
  return {
    system: variantSystem({
      task: "Condense the whole document to about half its length. Keep its structure, its key insights and the author's style; cut repetition, hedging and asides first.",
      voiceProfile: input.voiceProfile,
    }),
    prompt: variantRequest(input, 'Write the condensed document, about half as long.'),
  };
}
