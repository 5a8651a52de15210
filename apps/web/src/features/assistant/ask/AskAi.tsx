import { Suspense, lazy, useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { notify } from '../../../lib/toast';
import { AI_NOT_SET_UP_ASK, useAiAvailability } from '../aiAvailability';
import { onAskAiRequest } from '../askAiRequest';
import { setAskAiOnSpace } from './askAiKeys';

const AskAiPrompt = lazy(() => import('./AskAiPrompt').then((m) => ({ default: m.AskAiPrompt })));

/** One opening of the prompt: the selection it was asked at, which the instruction applies to. */
interface Opening {
  n: number;
  from: number;
  to: number;
}

/**
 * The owner of the Ask AI prompt in the open document (docs/ASSISTANT.md "Ask AI"): every way of
 * asking for it (Ctrl/Cmd+J, Space on an empty line, the '/' menu, the phone's button) comes
 * through `requestAskAi`; the prompt itself loads on first use.
 */
export function AskAi({ editor, onAsk, isMobile, bottomInset }: { editor: Editor; onAsk(instruction: string): void; isMobile: boolean; bottomInset: number }) {
  const { known, available } = useAiAvailability();
  const [opening, setOpening] = useState<Opening | null>(null);

  useEffect(() => setAskAiOnSpace(available), [available]);

  useEffect(
    () =>
      onAskAiRequest(() => {
        if (editor.isDestroyed) return;
        if (known && !available) return void notify.info(AI_NOT_SET_UP_ASK);
        const { from, to } = editor.state.selection;
        setOpening((o) => ({ n: (o?.n ?? 0) + 1, from, to }));
      }),
    [editor, known, available],
  );

  if (!opening) return null;
  return (
    <Suspense fallback={null}>
      <AskAiPrompt
        key={opening.n}
        editor={editor}
        range={{ from: opening.from, to: opening.to }}
        isMobile={isMobile}
        bottomInset={bottomInset}
        onClose={() => setOpening(null)}
        onSend={onAsk}
      />
    </Suspense>
  );
}
