import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';
import type { Editor } from '@tiptap/core';
import type { EditorView } from '@tiptap/pm/view';
import { AI_MAX_INSTRUCTION } from '@bree/contracts';
import { Button, Popover, cn } from '../../../ui';
import type { VirtualAnchor } from '../../../ui';
import { getCurrentTenant } from '../../tenancy';
import { readRecentInstructions, rememberInstruction } from './recentInstructions';

interface Range {
  from: number;
  to: number;
}

/** The line the caret (or the selection's end) is on: the prompt opens under it, as the link panel does. */
function caretLine(view: EditorView, range: Range): VirtualAnchor {
  return {
    contextElement: view.dom,
    getBoundingClientRect() {
      try {
        const at = view.coordsAtPos(Math.min(range.to, view.state.doc.content.size), -1);
        return new DOMRect(at.left, at.top, 1, at.bottom - at.top);
      } catch {
        return view.dom.getBoundingClientRect();
      }
    },
  };
}

/** The recent instructions that fit what is typed (all of them while the field is empty). */
function matching(recent: string[], typed: string): string[] {
  const t = typed.trim().toLowerCase();
  return t ? recent.filter((r) => r.toLowerCase().includes(t) && r.toLowerCase() !== t) : recent;
}

interface Props {
  editor: Editor;
  range: Range;
  isMobile: boolean;
  bottomInset: number;
  onClose(): void;
  onSend(instruction: string): void;
}

/**
 * The Ask AI prompt (docs/ASSISTANT.md "Ask AI"): a field for a free instruction under the caret's
 * line (above the keyboard on a phone), with the recent instructions under it. Enter sends,
 * Shift+Enter starts a new line, Escape (and Space or Backspace in the empty field) closes it and
 * puts the caret back where it was.
 */
export function AskAiPrompt({ editor, range, isMobile, bottomInset, onClose, onSend }: Props) {
  const [text, setText] = useState('');
  const [recent] = useState(() => readRecentInstructions({ tenantId: getCurrentTenant() }));
  const [active, setActive] = useState(-1);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const anchor = useMemo(() => caretLine(editor.view, range), [editor, range]);
  const shown = matching(recent, text);
  const activeOption = active >= 0 && active < shown.length ? active : -1;

  /** Back to the text, the caret (or selection) where it was. */
  const backToText = () => {
    if (editor.isDestroyed) return;
    const size = editor.state.doc.content.size;
    editor.commands.setTextSelection({ from: Math.min(range.from, size), to: Math.min(range.to, size) });
    // At once, not a frame later as the focus command does: keys typed right after Escape go into the text.
    editor.view.focus();
  };
  const close = (focusText: boolean) => {
    if (focusText) backToText();
    onClose();
  };
  const send = (instruction: string) => {
    const asked = instruction.trim();
    if (!asked) return;
    rememberInstruction({ tenantId: getCurrentTenant(), instruction: asked });
    // The answer goes where the prompt was asked for: that caret, or that selection.
    backToText();
    onClose();
    onSend(asked);
  };

  // On a phone the panel is not a popover: focus goes to its field as it opens.
  useEffect(() => {
    if (isMobile) fieldRef.current?.focus();
  }, [isMobile]);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send(activeOption >= 0 ? shown[activeOption]! : text);
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && shown.length > 0 && !text.includes('\n')) {
      e.preventDefault();
      const last = shown.length - 1;
      // From the field, Down goes to the first and Up to the last; both wrap around.
      setActive(e.key === 'ArrowDown' ? (activeOption >= last ? 0 : activeOption + 1) : activeOption <= 0 ? last : activeOption - 1);
    } else if ((e.key === ' ' || e.key === 'Backspace') && text === '') {
      // Space again, or Backspace, on the empty prompt: the writer did not mean to ask.
      e.preventDefault();
      close(true);
    } else if (e.key === 'Escape' && isMobile) {
      e.preventDefault();
      close(true);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(text);
  };

  const form: ReactNode = (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={`${ids}-field`} className="text-xs font-medium text-ink-soft">
        Ask AI
      </label>
      <textarea
        ref={fieldRef}
        id={`${ids}-field`}
        rows={2}
        maxLength={AI_MAX_INSTRUCTION}
        placeholder="Ask AI to write…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        aria-describedby={`${ids}-hint`}
        aria-controls={shown.length > 0 ? `${ids}-recent` : undefined}
        aria-activedescendant={activeOption >= 0 ? `${ids}-recent-${activeOption}` : undefined}
        className={cn(
          'w-full resize-none rounded-md border border-line-strong bg-surface px-2.5 py-2 text-sm text-ink placeholder:text-muted/80',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
        )}
      />
      {shown.length > 0 && (
        <div className="flex flex-col gap-1">
          <p id={`${ids}-recent-label`} className="text-xs text-muted">
            Recent
          </p>
          <ul id={`${ids}-recent`} role="listbox" aria-labelledby={`${ids}-recent-label`} className="flex max-h-40 flex-col overflow-y-auto">
            {shown.map((instruction, i) => (
              <li
                key={instruction}
                id={`${ids}-recent-${i}`}
                role="option"
                aria-selected={i === activeOption}
                // The field keeps the focus: a click sends at once.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => send(instruction)}
                className={cn(
                  'cursor-pointer truncate rounded-md px-2 py-1.5 text-sm text-ink-soft hover:bg-cream-deep',
                  i === activeOption && 'bg-cream-deep text-ink',
                )}
              >
                {instruction}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex items-center justify-between gap-2">
        <p id={`${ids}-hint`} className="text-xs text-muted">
          Enter to send, Shift+Enter for a new line
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={() => close(true)}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={!text.trim()}>
            Ask
          </Button>
        </div>
      </div>
    </form>
  );

  if (isMobile) {
    return (
      <section
        role="dialog"
        aria-label="Ask AI"
        data-testid="ask-ai"
        data-ask-ai=""
        className="fixed inset-x-2 z-50 rounded-xl border border-line bg-surface p-3 shadow-pop"
        // Above the phone's toolbar, itself above the keyboard.
        style={{ bottom: bottomInset + 64 }}
      >
        {form}
      </section>
    );
  }
  return (
    <Popover
      open
      anchor={anchor}
      align="start"
      label="Ask AI"
      className="w-[28rem]"
      onOpenChange={(open) => {
        if (!open) close(false);
      }}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        fieldRef.current?.focus();
      }}
      onEscapeKeyDown={(event) => {
        event.preventDefault();
        close(true);
      }}
      onCloseAutoFocus={(event) => event.preventDefault()}
    >
      <div data-testid="ask-ai" data-ask-ai="">
        {form}
      </div>
    </Popover>
  );
}
