import { buildDocumentBlock, buildSystem, type BuiltPrompt, type PromptInput } from './shared';

/** Add Content: new paragraphs at the cursor. */
export function addContentPrompt(input: PromptInput): BuiltPrompt {
  return {
    system: buildSystem({
      task: "Write one to three new paragraphs that belong between the text before and the text after the cursor, continuing the document's line of thought.",
      voiceProfile: input.voiceProfile,
    }),
    prompt: `${buildDocumentBlock(input)}\n\nWrite the new paragraphs for the cursor position (the <selection> marks it and may be empty).`,
  };
}
