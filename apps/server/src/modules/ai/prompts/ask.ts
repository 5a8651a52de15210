import { buildDocumentBlock, buildSystem, escapeData, rewriteRequest, type BuiltPrompt, type PromptInput } from './shared';

/** Whether Ask AI works on a selection (it replaces it) or at the cursor (it writes new text there). */
const onSelection = (input: PromptInput): boolean => Boolean(input.parts?.some((p) => p.text.trim())) || input.selection.trim() !== '';

/**
 * Ask AI (docs/ASSISTANT.md "Ask AI"): the author's free instruction, with the document as
 * context. On a selection it is a rewrite of exactly that text, as Modify is; at the cursor it
 * writes whatever was asked for, to go there.
 */
export function askPrompt(input: PromptInput): BuiltPrompt {
  // The instruction is the author's own request, so it is obeyed; it is fenced all the same, so
  // the document (data) cannot pass itself off as part of it.
  const instruction = `The author's request:\n<instruction>\n${escapeData(input.instruction ?? '').trim()}\n</instruction>`;
  if (onSelection(input)) {
    return {
      system: buildSystem({
        task: "Do what the author asks with the selected text: rewrite it as the request says, in the author's voice unless the request says otherwise.",
        voiceProfile: input.voiceProfile,
      }),
      prompt: `${buildDocumentBlock(input)}\n\n${instruction}\n\n${rewriteRequest(input, ' as the author asks')}`,
    };
  }
  return {
    system: buildSystem({
      task: "Write what the author asks for, to go at the cursor, in the author's voice and consistent with the document around it (its facts, names, tense and point of view).",
      voiceProfile: input.voiceProfile,
    }),
    prompt: [
      buildDocumentBlock(input),
      instruction,
      'Write the text the author asked for, for the cursor position (the <selection> marks it and is empty). When the author asks for several options or items, give each as its own paragraph. Never repeat the text before or after the cursor.',
    ].join('\n\n'),
  };
}
