import { DATA_RULE, escapeData } from '../../ai/prompts/shared';

/** What every variant prompt is built from. */
export interface VariantPromptInput {
  /** The plain text of the document the variant is made from. */
  text: string;
  /** The author's Focus instructions (may be empty). */
  instructions: string;
  /** The author's voice block (style guide, notes, passages); empty when nothing is learned yet. */
  voiceProfile: string;
}

export interface VariantPrompt {
  system: string;
  prompt: string;
}

/** How every variant but Threadify answers: the server splits paragraphs on blank lines. */
export const PLAIN_OUTPUT =
  'Answer with the new document only: plain paragraphs separated by one blank line. No preamble, no commentary, no Markdown, no quotation marks around the answer.';

const VOICE_FALLBACK = 'No voice profile yet: match the tone, vocabulary and sentence rhythm of the document itself.';

/**
 * The system message of a variant: who Bree is, the action's task, the author's voice, the data
 * rule and the output format. The voice comes before the rules so the rules have the last word.
 */
export function variantSystem({ task, voiceProfile, output = PLAIN_OUTPUT }: { task: string; voiceProfile: string; output?: string }): string {
  const voice = voiceProfile.trim() ? `The author's voice profile:\n<voice>\n${voiceProfile.trim()}\n</voice>` : VOICE_FALLBACK;
  return [
    "You are Bree, a writing assistant that repurposes the author's documents in the author's own voice.",
    `Task: ${task}`,
    voice,
    DATA_RULE,
    output,
  ].join('\n\n');
}

/**
 * The user message: the whole document as data, the author's instructions (their own request, so
 * obeyed, but fenced so the document cannot pose as part of it), then the closing request.
 */
export function variantRequest({ text, instructions }: Pick<VariantPromptInput, 'text' | 'instructions'>, request: string): string {
  const focus = instructions.trim()
    ? `\n\nThe author's focus for this version (follow it):\n<instruction>\n${escapeData(instructions.trim())}\n</instruction>`
    : '';
  return `<document>\n${escapeData(text)}\n</document>${focus}\n\n${request}`;
}
