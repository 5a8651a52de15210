import { buildDocumentBlock, buildSystem, rewriteRequest, type BuiltPrompt, type PromptInput } from './shared';

/** Shrink: condense the selection, keeping style and key insights. */
export function shrinkPrompt(input: PromptInput): BuiltPrompt {
  return {
    system: buildSystem({
      task: "Condense the selected text to roughly half its length, keeping the author's style and every key insight.",
      voiceProfile: input.voiceProfile,
    }),
    prompt: `${buildDocumentBlock(input)}\n\n${rewriteRequest(input, ', shorter')}`,
  };
}
