import { variantRequest, variantSystem, type VariantPrompt, type VariantPromptInput } from './shared';

/** Vary: the same piece at the same length, told from a fresh angle. */
export function varyPrompt(input: VariantPromptInput): VariantPrompt {
  return {
    system: variantSystem({
      task: 'Write a fresh version of the document: the same message, facts and length (within about ten percent of its word count), approached from a new angle, with a new opening, new examples where they help, and new phrasing. Keep every key point; add no claims the document does not make.',
      voiceProfile: input.voiceProfile,
    }),
    prompt: variantRequest(input, 'Write the fresh version of the document, about as long as it is.'),
  };
}
