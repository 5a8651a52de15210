import { buildDocumentBlock, buildSystem, type BuiltPrompt, type PromptInput } from './shared';

/** Fill Sentence: one sentence completing the current paragraph. */
export function fillSentencePrompt(input: PromptInput): BuiltPrompt {
  return {
    system: buildSystem({
      task: 'Write exactly one sentence that completes the paragraph at the cursor; answer with that single sentence.',
      voiceProfile: input.voiceProfile,
    }),
    prompt: `${buildDocumentBlock(input)}\n\nWrite the one sentence that continues right after <before> and before <after>.`,
  };
}
