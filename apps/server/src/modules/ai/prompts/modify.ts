import { buildDocumentBlock, buildSystem, rewriteRequest, escapeData, type BuiltPrompt, type PromptInput } from './shared';

/** Modify (Custom Enhance): rewrite the selection as the author's typed instruction asks. */
export function modifyPrompt(input: PromptInput): BuiltPrompt {
  // The instruction is the author's own request, so it is obeyed, but still fenced so the
  // document data cannot pretend to be part of it.
  const instruction = escapeData(input.instruction ?? '').trim();
  return {
    system: buildSystem({
      task: "Rewrite the selected text following the author's instruction, staying in the author's voice unless the instruction says otherwise.",
      voiceProfile: input.voiceProfile,
    }),
    prompt: `${buildDocumentBlock(input)}\n\nThe author's instruction:\n<instruction>\n${instruction}\n</instruction>\n\n${rewriteRequest(input, ' as instructed')}`,
  };
}
