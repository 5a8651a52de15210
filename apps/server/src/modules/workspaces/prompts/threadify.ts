import { WORKSPACES } from '@bree/contracts';
import { variantRequest, variantSystem, type VariantPrompt, type VariantPromptInput } from './shared';

/** Threadify: a numbered thread of short posts (the server numbers and splits them to fit). */
export function threadifyPrompt(input: VariantPromptInput): VariantPrompt {
  const max = WORKSPACES.maxThreadPost;
  return {
    system: variantSystem({
      task: `Turn the document into a thread of posts for X (Twitter) or a similar network: the first post hooks the reader and says what the thread gives them, each later post carries one idea and reads on its own, and the last post sums up. Between 4 and 15 posts. Each post, its number included, has at most ${max} characters.`,
      voiceProfile: input.voiceProfile,
      output: `Answer with the posts only, one after the other, separated by one blank line. Start each post with its number and the total, like "1/7". No Markdown, no hashtags in every post, no commentary.`,
    }),
    prompt: variantRequest(input, `Write the thread: numbered posts of at most ${max} characters each.`),
  };
}
