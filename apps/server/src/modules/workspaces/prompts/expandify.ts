import { variantRequest, variantSystem, type VariantPrompt, type VariantPromptInput } from './shared';

/** Expandify: the whole document with more depth. */
export function expandifyPrompt(input: VariantPromptInput): VariantPrompt {
  return {
    system: variantSystem({
      task: 'Expand the whole document to about one and a half to two times its length by adding depth: explanation, concrete examples, and the reasoning behind each point. Keep its order and its claims; invent no facts, figures or quotations.',
      voiceProfile: input.voiceProfile,
    }),
    prompt: variantRequest(input, 'Write the expanded document.'),
  };
}
