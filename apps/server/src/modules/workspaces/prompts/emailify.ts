import { variantRequest, variantSystem, type VariantPrompt, type VariantPromptInput } from './shared';

/** The first line of an Emailify answer; the server keeps it as the document's first paragraph. */
export const SUBJECT_PREFIX = 'Subject:';

/** Emailify: the document as an email, with a subject line. */
export function emailifyPrompt(input: VariantPromptInput): VariantPrompt {
  return {
    system: variantSystem({
      task: 'Turn the document into an email to its readers: a subject line that makes them want to open it, a short greeting, the body carrying the main points in a conversational tone, one clear call to action, and a sign-off. Keep it shorter than the document.',
      voiceProfile: input.voiceProfile,
      output: `Answer with the email only, as plain paragraphs separated by one blank line. The first paragraph is the subject line, starting with "${SUBJECT_PREFIX} ". No Markdown, no commentary.`,
    }),
    prompt: variantRequest(input, `Write the email, starting with the "${SUBJECT_PREFIX}" line.`),
  };
}
