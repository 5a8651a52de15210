import { buildDocumentBlock, buildSystem, type BuiltPrompt, type PromptInput } from './shared';

/** Fill Paragraph: one bridging paragraph at the cursor. */
export function fillParagraphPrompt(input: PromptInput): BuiltPrompt {
  return {
    system: buildSystem({
      task: 'Write exactly one paragraph that fits at the cursor, bridging the text before and the text after.',
      voiceProfile: input.voiceProfile,
    }),
    prompt: `${buildDocumentBlock(input)}\n\nWrite the one paragraph for the cursor position (the <selection> marks it and may be empty).`,
  };
}
