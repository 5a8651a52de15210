import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { BubbleMenu } from '@tiptap/react/menus';
import { useEditorState } from '@tiptap/react';
import type { AiAction } from '@bree/contracts';
import { AI_MAX_INSTRUCTION } from '@bree/contracts';
import { cn } from '../../ui';
import { useAiAvailability } from './aiAvailability';
import { UnavailableButton } from './UnavailableButton';
import { CommentSelectionButton } from '../comments/CommentSelectionButton';
import { SHORTCUTS, ariaKeys } from '../editor/shortcuts';
import { useKeyIntoPanel } from '../editor/useKeyIntoPanel';

/** The rewrite actions on a selection, in the order of docs/PRODUCT.md#assistant. */
const ACTIONS: { action: AiAction; label: string; hint: string }[] = [
  { action: 'enhance', label: 'Enhance', hint: 'Polish into professional writing in your voice' },
  { action: 'modify', label: 'Modify', hint: 'Rewrite following your instruction' },
  { action: 'shrink', label: 'Shrink', hint: 'Condense, keeping style and key points' },
  { action: 'expand', label: 'Expand', hint: 'Add depth' },
];

/** The usual toolbar shortcut (WAI-ARIA practices): from the text, focus moves into the actions. */
export const ACTIONS_SHORTCUT = ariaKeys({ keys: SHORTCUTS.selectionActions.keys });

/** The bubble menu plugin's key; transactions with meta 'show', 'hide' or 'updatePosition' on it move the menu. */
const BUBBLE_KEY = 'breeAiBubble';

interface Props {
  editor: Editor;
  isMobile: boolean;
  /** A suggestion is open: the menu stays out of its way. */
  busy: boolean;
  onRun(action: AiAction, instruction?: string): void;
  /** Optional voice input of the Modify instruction: given a function that adds dictated words to the instruction. */
  voiceInput?(append: (text: string) => void): React.ReactNode;
}

/** Enhance / Modify / Shrink / Expand: a bubble menu on desktop, a bottom sheet on mobile. */
export function SelectionActions({ editor, isMobile, busy, onRun, voiceInput }: Props) {
  const [modifying, setModifying] = useState(false);
  const [instruction, setInstruction] = useState('');
  // Before any click: with no AI provider on the server the actions show as unavailable, and why.
  const { available } = useAiAvailability();
  // The bubble menu plugin keeps the first shouldShow it was given, so it reads these through refs.
  const live = useRef({ modifying, busy });
  live.current = { modifying, busy };
  const toolbar = useRef<HTMLDivElement>(null);
  // The bubble menu's own element: focus inside it (Alt+F10, the Modify box) counts as being in the text.
  const menu = useRef<HTMLDivElement>(null);
  const hasSelection = useEditorState({ editor, selector: ({ editor: e }) => !e.state.selection.empty && e.state.selection.to - e.state.selection.from > 0 });

  // The plugin reads shouldShow only when the selection or text changes, and a suggestion opens
  // and closes without either: it is told to hide when one opens and to come back after.
  useEffect(() => {
    if (isMobile || editor.isDestroyed) return;
    const show = !busy && (live.current.modifying || (!editor.state.selection.empty && editor.isFocused));
    editor.view.dispatch(editor.state.tr.setMeta(BUBBLE_KEY, show ? 'show' : 'hide'));
    // 'show' does not place the menu (the plugin only places a visible one): placed once shown.
    if (show) editor.view.dispatch(editor.state.tr.setMeta(BUBBLE_KEY, 'updatePosition'));
  }, [editor, isMobile, busy]);

  // Alt+F10 in the text reaches the actions without a mouse; the selection stays as it was. With
  // nothing selected, the key belongs to the link panel (editor/LinkPopover.tsx).
  useKeyIntoPanel({
    editor,
    keys: SHORTCUTS.selectionActions.keys,
    applies: () => !editor.state.selection.empty || live.current.modifying,
    firstControl: () => toolbar.current?.querySelector<HTMLButtonElement>('button') ?? null,
  });

  // The menu belongs to the text: when focus leaves both (the side panel, the chat, a link's panel),
  // it goes, and comes back when the text has focus again (docs/ASSISTANT.md "By keyboard"). The bubble
  // plugin's own blur check is skipped after a press inside the menu, so Bree checks every time.
  useEffect(() => {
    if (isMobile) return;
    const onBlur = ({ event }: { event: FocusEvent }) => {
      const to = event.relatedTarget as Node | null;
      if (to && menu.current?.contains(to)) return;
      queueMicrotask(() => {
        if (!editor.isDestroyed && !editor.isFocused && !menu.current?.contains(document.activeElement))
          editor.view.dispatch(editor.state.tr.setMeta(BUBBLE_KEY, 'hide'));
      });
    };
    editor.on('blur', onBlur);
    return () => {
      editor.off('blur', onBlur);
    };
  }, [editor, isMobile]);

  /**
   * Focus leaving the menu for somewhere other than the text hides it too. Checked after the event:
   * the plugin's own hiding takes the menu out of the page, which blurs a button inside it, and
   * hiding again from within that blur would take it out twice.
   */
  const onMenuBlur = () => {
    if (isMobile) return;
    queueMicrotask(() => {
      if (editor.isDestroyed || editor.isFocused || menu.current?.contains(document.activeElement)) return;
      editor.view.dispatch(editor.state.tr.setMeta(BUBBLE_KEY, 'hide'));
    });
  };

  /** Arrow keys move between the actions (one toolbar, one Tab stop); Escape goes back to the text. */
  const onToolbarKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      editor.commands.focus();
    } else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && at >= 0) {
      e.preventDefault();
      buttons[(at + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    }
  };

  const run = (action: AiAction, text?: string) => {
    setModifying(false);
    setInstruction('');
    onRun(action, text);
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (instruction.trim()) run('modify', instruction.trim());
  };

  const body = (
    <div
      className={cn('rounded-lg border border-line bg-surface p-1 shadow-pop', isMobile && 'rounded-b-none p-2')}
      data-testid="ai-actions"
      onBlur={onMenuBlur}
    >
      {modifying ? (
        <form onSubmit={send} className="flex items-center gap-1">
          <input
            autoFocus
            aria-label="How should this text be rewritten?"
            placeholder="How should this text be rewritten?"
            maxLength={AI_MAX_INSTRUCTION}
            value={instruction}
            onChange={(e) => setInstruction(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                setModifying(false);
              }
            }}
            className="h-9 w-72 min-w-0 flex-1 rounded-md border border-line bg-paper px-2 text-sm text-ink"
          />
          {voiceInput?.((text) => setInstruction((current) => [current.trim(), text].filter(Boolean).join(' ').slice(0, AI_MAX_INSTRUCTION)))}
          <button
            type="submit"
            aria-label="Send"
            title="Send (Enter)"
            disabled={!instruction.trim()}
            className="h-9 rounded-md bg-accent px-3 text-sm text-white disabled:opacity-50"
          >
            ➤
          </button>
        </form>
      ) : (
        <div
          ref={toolbar}
          role="toolbar"
          aria-label="Assistant actions"
          aria-keyshortcuts={ACTIONS_SHORTCUT}
          onKeyDown={onToolbarKeyDown}
          className={cn('flex gap-0.5', isMobile && 'justify-around')}
        >
          {ACTIONS.map(({ action, label, hint }) =>
            available ? (
              <button
                key={action}
                type="button"
                title={hint}
                // Keeps the selection in the editor while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => (action === 'modify' ? setModifying(true) : run(action))}
                className="h-9 rounded-md px-3 text-sm text-ink hover:bg-cream-deep"
              >
                {label}
              </button>
            ) : (
              <UnavailableButton key={action} className="h-9 rounded-md px-3 text-sm text-ink">
                {label}
              </UnavailableButton>
            ),
          )}
          {/* In this chunk, not one of its own: a part loaded after this one would be a second wait (and missing offline). */}
          <CommentSelectionButton />
        </div>
      )}
    </div>
  );

  if (isMobile) {
    if ((!hasSelection && !modifying) || busy) return null;
    return <div className="fixed inset-x-0 bottom-12 z-40 px-1">{body}</div>;
  }
  return (
    <BubbleMenu
      ref={menu}
      editor={editor}
      pluginKey={BUBBLE_KEY}
      shouldShow={({ state, view }) =>
        !live.current.busy &&
        (view.hasFocus() || Boolean(menu.current?.contains(document.activeElement))) &&
        (live.current.modifying || (!state.selection.empty && state.selection.to > state.selection.from))
      }
      options={{ placement: 'top' }}
    >
      {body}
    </BubbleMenu>
  );
}
