import { useEffect, useRef, useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { CHAT_MAX_MESSAGE, CHAT_STARTERS } from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { Button, cn, Spinner } from '../../ui';
import { BudgetRefusalNotice } from '../billing/BudgetRefusalNotice';
import { createVersion } from '../editor/api';
import { copyText } from '../editor/clipboard';
import { applyReply, selectedText, type ApplyMode } from './apply';
import { ChatMessageView } from './ChatMessageView';
import { useChat } from './useChat';

interface Props {
  editor: Editor;
  fileId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Phones get a full-screen sheet; wider screens a side panel that leaves the document usable. */
  isMobile: boolean;
}

const PLACEMENT = {
  side: 'top-0 right-0 h-dvh w-[min(26rem,100vw)] border-l',
  sheet: 'inset-0 h-dvh w-full pb-[env(safe-area-inset-bottom)]',
};

/** The chat about the open document: its stored conversation, the starters, the composer with Send and Stop, Clear. */
export function ChatDialog({ editor, fileId, open, onOpenChange, isMobile }: Props) {
  const { api } = useServices();
  const chat = useChat(fileId, { enabled: open });
  const [draft, setDraft] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const hasSelection = useEditorState({ editor, selector: ({ editor: e }) => !e.state.selection.empty });

  const last = chat.messages.at(-1);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [chat.messages.length, last?.content]);

  async function submit(text: string) {
    const message = text.trim();
    if (!message || chat.streaming || message.length > CHAT_MAX_MESSAGE) return;
    setDraft('');
    // Refused before the question was stored (budget, AI not set up): the text comes back to the box.
    if (!(await chat.send(message, selectedText(editor)))) setDraft((d) => d || message);
  }

  async function apply(message: { id: string; content: string }, mode: ApplyMode) {
    try {
      // The version comes first, so the text before the chat's change can always be restored.
      await createVersion(api, { fileId, reason: 'before-ai' });
    } catch {
      notify.error('Could not save a version before changing the document. Please try again.');
      return;
    }
    const provenance = { operationId: message.id, action: 'chat' as const, tier: chat.tierOf(message.id), at: new Date().toISOString() };
    if (!applyReply(editor, message.content, mode, provenance)) notify.error('Select text in the document to replace it.');
  }

  async function copy(text: string) {
    if (await copyText(text)) notify.success('Content copied');
    else notify.error('Failed to copy content');
  }

  async function clear() {
    setConfirmClear(false);
    try {
      await chat.clear();
    } catch {
      notify.error('Could not clear the conversation. Please try again.');
    }
  }

  const tooLong = draft.length > CHAT_MAX_MESSAGE;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={isMobile}>
      <RadixDialog.Portal>
        {isMobile && <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />}
        <RadixDialog.Content
          data-testid="chat-dialog"
          className={cn('fixed z-50 flex flex-col border-line bg-surface shadow-pop focus:outline-none', PLACEMENT[isMobile ? 'sheet' : 'side'])}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            inputRef.current?.focus();
          }}
          // The side panel stays open while the author works in the document next to it.
          onInteractOutside={(e) => {
            if (!isMobile) e.preventDefault();
          }}
        >
          <div className="flex items-center gap-2 border-b border-line px-4 py-3">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="font-serif text-lg font-semibold text-ink">Chat</RadixDialog.Title>
              <RadixDialog.Description className="text-xs text-muted">
                {hasSelection ? 'About the selected text' : 'About this document'}
              </RadixDialog.Description>
            </div>
            {chat.messages.length > 0 && !confirmClear && (
              <Button size="sm" variant="ghost" onClick={() => setConfirmClear(true)}>
                Clear
              </Button>
            )}
            <RadixDialog.Close
              aria-label="Close"
              className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-cream-deep hover:text-ink"
            >
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          {confirmClear && (
            <div
              role="alertdialog"
              aria-label="Clear this conversation?"
              className="flex flex-wrap items-center gap-2 border-b border-line bg-cream px-4 py-2 text-sm"
            >
              <span className="flex-1">Clear this conversation? It cannot be brought back.</span>
              <Button size="sm" variant="danger" onClick={() => void clear()}>
                Clear conversation
              </Button>
              <Button size="sm" variant="secondary" autoFocus onClick={() => setConfirmClear(false)}>
                Cancel
              </Button>
            </div>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
            {chat.loading ? (
              <div className="flex justify-center py-6">
                <Spinner label="Loading the conversation" />
              </div>
            ) : chat.messages.length === 0 ? (
              <div className="flex flex-col items-start gap-2">
                <p className="text-sm text-muted">Ask Bree about this document, or start with:</p>
                {CHAT_STARTERS.map((starter) => (
                  <Button key={starter} size="sm" variant="secondary" onMouseDown={(e) => e.preventDefault()} onClick={() => void submit(starter)}>
                    {starter}
                  </Button>
                ))}
              </div>
            ) : (
              <div role="log" aria-label="Conversation" aria-live="polite">
                <ol className="flex flex-col gap-3">
                  {chat.messages.map((m) => (
                    <ChatMessageView
                      key={m.id}
                      message={m}
                      hasSelection={hasSelection}
                      onInsert={() => void apply(m, 'insert')}
                      onReplace={() => void apply(m, 'replace')}
                      onCopy={(text) => void copy(text)}
                    />
                  ))}
                </ol>
              </div>
            )}
            {chat.loadFailed && <p className="text-sm text-danger">Could not load the conversation.</p>}
            <div ref={endRef} />
          </div>
          {chat.refusal ? (
            <div className="mx-4 mb-2 rounded-md bg-cream-deep px-3 py-2">
              <BudgetRefusalNotice
                refusal={chat.refusal}
                onSwitch={(tier) => {
                  void chat.switchTier(tier).then((switched) => {
                    if (switched) void submit(draft);
                  });
                }}
              />
            </div>
          ) : (
            chat.error && (
              <p role="alert" className="mx-4 mb-2 rounded-md bg-danger/10 px-3 py-2 text-sm text-danger">
                {chat.error}
              </p>
            )
          )}
          <form
            className="flex items-end gap-2 border-t border-line px-4 py-3"
            onSubmit={(e) => {
              e.preventDefault();
              void submit(draft);
            }}
          >
            <textarea
              ref={inputRef}
              value={draft}
              rows={2}
              aria-label="Message"
              aria-invalid={tooLong}
              placeholder="Ask about this document"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                // Enter sends; Shift+Enter starts a new line.
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void submit(draft);
                }
              }}
              className="max-h-40 min-h-10 flex-1 resize-none rounded-md border border-line-strong bg-surface px-3 py-2 text-sm text-ink focus:outline-2 focus:outline-accent"
            />
            {chat.streaming ? (
              <Button type="button" variant="secondary" onClick={chat.stop}>
                Stop
              </Button>
            ) : (
              <Button type="submit" disabled={!draft.trim() || tooLong}>
                Send
              </Button>
            )}
          </form>
          {tooLong && <p className="px-4 pb-2 text-xs text-danger">Messages can be at most {CHAT_MAX_MESSAGE.toLocaleString()} characters.</p>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
