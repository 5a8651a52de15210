import type { AiAction, BackgroundResponse, OperationType, ProvenanceAttrs } from '@bree/contracts';
import { readQuality } from './quality';

/** The action an operation type stands for, for a result stored before Bree kept its action. */
const ACTION_OF_TYPE: Record<OperationType, AiAction> = {
  rewrite: 'enhance',
  fillParagraph: 'fill-paragraph',
  fillSentence: 'fill-sentence',
  insertContent: 'add-content',
};

/** The provenance mark of an accepted suggestion's text (`docs/PROVENANCE.md`): its operation, action, tier and the time of the Accept. */
export function suggestionProvenance(
  suggestion: { response: BackgroundResponse; action: AiAction | null; operationType: OperationType },
  at: Date = new Date(),
): ProvenanceAttrs {
  const { response, action, operationType } = suggestion;
  return {
    operationId: response.operationId,
    action: response.originalContext.action ?? action ?? ACTION_OF_TYPE[operationType],
    // A result stored without its tier was made with the author's default quality.
    tier: response.originalContext.tier ?? readQuality(),
    at: at.toISOString(),
  };
}
