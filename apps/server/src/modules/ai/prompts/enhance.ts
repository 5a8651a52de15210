import { buildDocumentBlock, buildSystem, rewriteRequest, type BuiltPrompt, type PromptInput } from './shared';

/** Enhance: polish the selection without changing what it says. */
export function enhancePrompt(input: PromptInput): BuiltPrompt {
  return {
    system: buildSystem({
      task: "Polish the selected text into clear, professional prose in the author's voice, keeping its meaning, facts and paragraph count roughly the same.",
      voiceProfile: input.voiceProfile,
    }),
    prompt: `${buildDocumentBlock(input)}\n\n${rewriteRequest(input)}`,
  };
}
