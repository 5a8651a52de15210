import { Suspense, lazy, useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { useAiAvailability } from '../assistant/aiAvailability';
import { UnavailableButton } from '../assistant/UnavailableButton';

// The panel is fetched once the button shows, kept off the editor's first load (docs/PAGE-WEIGHT.md).
const loadDialog = () => import('./ChatDialog');
const ChatDialog = lazy(() => loadDialog().then((m) => ({ default: m.ChatDialog })));

const BUTTON_CLASSES = 'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink-soft';

function ChatIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" className="size-5" aria-hidden="true">
      <path d="M3.5 5.5a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-3.5 3v-3h0a2 2 0 0 1-2-2Z" />
    </svg>
  );
}

/** The editor's chat icon: opens the chat about the open document; says why it cannot while the server has no AI provider. */
export function ChatButton({ editor, fileId, isMobile }: { editor: Editor; fileId: string; isMobile: boolean }) {
  const { available } = useAiAvailability();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so its closing can hand focus back.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (available) void loadDialog().catch(() => undefined);
  }, [available]);
  if (!available)
    return (
      <UnavailableButton aria-label="Chat" className={BUTTON_CLASSES}>
        <ChatIcon />
      </UnavailableButton>
    );
  return (
    <>
      <button
        type="button"
        aria-label="Chat"
        title="Chat"
        aria-expanded={open}
        aria-haspopup="dialog"
        // Keeps the editor's selection: the chat may be about it.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
        className={`${BUTTON_CLASSES} hover:bg-cream-deep hover:text-ink`}
      >
        <ChatIcon />
      </button>
      {used && (
        <Suspense fallback={null}>
          <ChatDialog editor={editor} fileId={fileId} open={open} onOpenChange={setOpen} isMobile={isMobile} />
        </Suspense>
      )}
    </>
  );
}
