import { buildDocumentBlock, buildSystem, rewriteRequest, type BuiltPrompt, type PromptInput } from './shared';

/** Expand: add depth to the selection. */
export function expandPrompt(input: PromptInput): BuiltPrompt {
  return {
    system: buildSystem({
      task: "Expand the selected text with more depth: examples, reasoning and detail that fit the surrounding document, in the author's voice.",
      voiceProfile: input.voiceProfile,
    }),
    prompt: `${buildDocumentBlock(input)}\n\n${rewriteRequest(input, ', with more depth')}`,
  };
}
