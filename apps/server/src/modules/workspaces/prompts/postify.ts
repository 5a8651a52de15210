import { variantRequest, variantSystem, type VariantPrompt, type VariantPromptInput } from './shared';

/** Postify: one social media post. */
export function postifyPrompt(input: VariantPromptInput): VariantPrompt {
  return {
    system: variantSystem({
      task: "Turn the document into ONE social media post (for LinkedIn or a similar network): a first line that stops the scroll, the single most valuable idea of the document in short paragraphs, and a closing line that invites a reply. At most 1,300 characters. At most three hashtags, only at the end, and only if they fit the author's voice.",
      voiceProfile: input.voiceProfile,
    }),
    prompt: variantRequest(input, 'Write the one post.'),
  };
}
