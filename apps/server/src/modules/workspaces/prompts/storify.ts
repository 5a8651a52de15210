import { variantRequest, variantSystem, type VariantPrompt, type VariantPromptInput } from './shared';

/** Storify: the document retold as a narrative. */
export function storifyPrompt(input: VariantPromptInput): VariantPrompt {
  return {
    system: variantSystem({
      task: "Retell the document as a story: a narrative with a character or a narrator, a setting, a moment of tension and a resolution, through which the reader discovers the document's ideas. Show rather than lecture. Keep its ideas true to the document; invent no facts about real people, companies or figures.",
      voiceProfile: input.voiceProfile,
    }),
    prompt: variantRequest(input, 'Write the story.'),
  };
}
