import { Suspense, lazy } from 'react';
import type { Editor } from '@tiptap/core';
import { Button } from '../../ui';
import { getPreview } from './preview';
import { isReviewable } from './reviewGate';
import type { AssistantApi, Suggestion } from './useAssistant';

// The review of a long rewrite loads when one first opens (docs/PAGE-WEIGHT.md).
const ReviewActions = lazy(() => import('./review/ReviewActions').then((m) => ({ default: m.ReviewActions })));

/**
 * A ready suggestion's Reject and Accept; a rewrite of more than a sentence is reviewed change by
 * change instead (docs/ASSISTANT.md "Reviewing a rewrite"), with Reject all and Accept all.
 */
export function DecisionButtons({ editor, assistant, suggestion, mod }: { editor: Editor; assistant: AssistantApi; suggestion: Suggestion; mod: string }) {
  const plain = (
    <>
      <Button variant="ghost" size="sm" onClick={assistant.reject} title="Reject (Esc)">
        Reject
      </Button>
      <Button size="sm" onClick={() => void assistant.accept()} title={`Accept (${mod}+Enter)`}>
        Accept
      </Button>
    </>
  );
  if (!isReviewable({ editor, suggestion, preview: getPreview(editor) })) return plain;
  return (
    <Suspense fallback={plain}>
      <ReviewActions editor={editor} assistant={assistant} suggestion={suggestion} mod={mod} />
    </Suspense>
  );
}
