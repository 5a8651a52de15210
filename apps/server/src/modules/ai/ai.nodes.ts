import { splitParagraphs, type AiParagraphNode, type BackgroundResponse, type OperationType } from '@bree/contracts';

export { splitParagraphs };

function paragraph(id: string, text: string): AiParagraphNode {
  return { type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] };
}

/**
 * Maps generated text onto editor nodes. A rewrite reuses the selected blocks' ids in order
 * (the first rewritten node keeps the first selected id) so the editor replaces in place;
 * paragraphs beyond the selection, and inserted ones, get fresh ids.
 */
export function toResponse({
  operationType,
  text,
  nodeIds,
  newId,
}: {
  operationType: OperationType;
  text: string;
  nodeIds: string[];
  newId: () => string;
}): BackgroundResponse['response'] {
  const generatedContent = text.trim();
  if (operationType === 'fillSentence') {
    const sentence = generatedContent.replace(/\s+/g, ' ');
    return { rewrittenNodesInfo: { nodes: [] }, generatedContent: sentence, sentenceNode: sentence ? { type: 'text', text: sentence } : null };
  }
  const paragraphs = splitParagraphs(generatedContent);
  const nodes = paragraphs.map((p, i) => paragraph((operationType === 'rewrite' ? nodeIds[i] : undefined) ?? newId(), p));
  return { rewrittenNodesInfo: { nodes }, generatedContent, sentenceNode: null };
}
