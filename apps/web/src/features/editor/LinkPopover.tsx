import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent as ReactKeyboardEvent, MouseEvent } from 'react';
import { getMarkRange } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import type { EditorView } from '@tiptap/pm/view';
import { useEditorState } from '@tiptap/react';
import { Button, Popover, buttonClasses, cn } from '../../ui';
import type { VirtualAnchor } from '../../ui';
import { setLinkTarget } from './editingExtensions';
import { normalizeLinkInput } from './link';
import { SHORTCUTS, ariaKeys } from './shortcuts';
import { useKeyIntoPanel } from './useKeyIntoPanel';

interface Range {
  from: number;
  to: number;
}

/** Points at a range of the text: the range itself on one line, else the line where it ends. */
function rangeAnchor(view: EditorView, range: Range): VirtualAnchor {
  return {
    contextElement: view.dom,
    getBoundingClientRect() {
      try {
        const size = view.state.doc.content.size;
        const start = view.coordsAtPos(Math.min(range.from, size), 1);
        const end = view.coordsAtPos(Math.min(range.to, size), -1);
        const oneLine = Math.abs(start.top - end.top) < 4;
        const left = oneLine ? Math.min(start.left, end.left) : end.left;
        const right = oneLine ? Math.max(start.right, end.right) : end.right;
        return new DOMRect(left, end.top, Math.max(1, right - left), end.bottom - end.top);
      } catch {
        // The view was destroyed or the range left the document: point at the editor.
        return view.dom.getBoundingClientRect();
      }
    },
  };
}

/** The link around the cursor, if there is one. */
function linkRange(editor: Editor): Range | null {
  const type = editor.schema.marks.link;
  if (!type || !editor.isActive('link')) return null;
  const { $from } = editor.state.selection;
  return getMarkRange($from, type) ?? getMarkRange(editor.state.doc.resolve(Math.max(0, $from.pos - 1)), type) ?? null;
}

/** What the editing panel works on, fixed when it opens. */
interface EditSession {
  range: Range;
  /** The link's current address, when it already is one. */
  href: string | null;
  /** Nothing selected and no link: the panel asks for the text to show too. */
  insert: boolean;
  /** What a new link's address field starts with (a selected address, as Google Docs does). */
  suggestion: string;
}

function startSession(editor: Editor): EditSession {
  const link = linkRange(editor);
  if (link) return { range: link, href: (editor.getAttributes('link').href as string | undefined) ?? '', insert: false, suggestion: '' };
  const { from, to, empty } = editor.state.selection;
  const selected = empty ? '' : editor.state.doc.textBetween(from, to, ' ');
  const looksLikeLink = selected.length < 2048 && !/\s/.test(selected.trim()) && /[.@:]/.test(selected) && normalizeLinkInput(selected).ok;
  return { range: { from, to }, href: null, insert: empty, suggestion: looksLikeLink ? selected.trim() : '' };
}

interface Props {
  editor: Editor;
  /** Bumped by the Link button and Ctrl/Cmd+K; 0 while the panel is closed. */
  editRequest: number;
  onEditRequest(): void;
  onClose(): void;
}

/**
 * Links without window.prompt: an editing panel (address, Apply, Remove) opened from the
 * Link button or Ctrl/Cmd+K, and a small panel with the address, Open, Edit and Remove while the
 * cursor is in a link.
 */
export function LinkPopover({ editor, editRequest, onEditRequest, onClose }: Props) {
  const editing = editRequest > 0;
  // Fixed for one opening: the selection as it was when the panel was asked for (state derived
  // from the request during render, React's pattern for it).
  const [opened, setOpened] = useState<{ request: number; session: EditSession } | null>(null);
  if (editing && opened?.request !== editRequest) setOpened({ request: editRequest, session: startSession(editor) });
  const session = editing && opened?.request === editRequest ? opened.session : null;
  return (
    <>
      {session && <LinkEditor key={editRequest} editor={editor} session={session} onClose={onClose} />}
      {!editing && <LinkInfo editor={editor} onEdit={onEditRequest} />}
    </>
  );
}

function LinkEditor({ editor, session, onClose }: { editor: Editor; session: EditSession; onClose(): void }) {
  const [url, setUrl] = useState(session.href ?? session.suggestion);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const urlRef = useRef<HTMLInputElement>(null);
  const returnFocus = useRef(false);
  const ids = useId();
  const anchor = useMemo(() => rangeAnchor(editor.view, session.range), [editor, session]);

  // The text being linked stays marked while focus is in the panel.
  useEffect(() => {
    if (editor.isDestroyed) return;
    setLinkTarget(editor.view, session.range);
    return () => {
      if (!editor.isDestroyed) setLinkTarget(editor.view, null);
    };
  }, [editor, session]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = normalizeLinkInput(url);
    if (!result.ok) {
      setError(result.error);
      urlRef.current?.focus();
      return;
    }
    const { from, to } = session.range;
    if (session.insert) {
      const label = text.trim() || url.trim();
      editor
        .chain()
        .focus()
        .insertContentAt(from, { type: 'text', text: label, marks: [{ type: 'link', attrs: { href: result.href } }] })
        // What is typed next is not part of the link.
        .unsetMark('link')
        .run();
    } else {
      // The cursor ends after the link, as in Google Docs: typing goes on outside it.
      editor.chain().focus().setTextSelection({ from, to }).setLink({ href: result.href }).setTextSelection(to).run();
    }
    onClose();
  };

  const remove = () => {
    const { from, to } = session.range;
    editor.chain().focus().setTextSelection({ from, to }).unsetLink().setTextSelection(to).run();
    onClose();
  };

  const title = session.href === null ? 'Add link' : 'Edit link';
  return (
    <Popover
      open
      anchor={anchor}
      align="start"
      label={title}
      // Wide enough for the address field's example in full (docs/PRODUCT.md#editor), within a phone's width.
      className="w-96"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        urlRef.current?.focus();
        urlRef.current?.select();
      }}
      onEscapeKeyDown={() => {
        returnFocus.current = true;
      }}
      onCloseAutoFocus={(event) => {
        // Escape goes back to the text; a click elsewhere leaves focus where it went.
        event.preventDefault();
        if (returnFocus.current && !editor.isDestroyed) editor.commands.focus();
      }}
    >
      <form onSubmit={apply} className="flex flex-col gap-3" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${ids}-url`} className="text-xs font-medium text-ink-soft">
            Link address
          </label>
          <input
            ref={urlRef}
            id={`${ids}-url`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="example.com or name@example.com"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setError('');
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            className={cn(
              'h-9 w-full rounded-md border bg-surface px-2.5 text-sm text-ink placeholder:text-muted/80',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
              error ? 'border-danger' : 'border-line-strong',
            )}
          />
          {error && (
            <p id={`${ids}-error`} role="alert" className="text-xs text-danger">
              {error}
            </p>
          )}
        </div>
        {session.insert && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-text`} className="text-xs font-medium text-ink-soft">
              Text to show (optional)
            </label>
            <input
              id={`${ids}-text`}
              type="text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="h-9 w-full rounded-md border border-line-strong bg-surface px-2.5 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent"
            />
          </div>
        )}
        <div className="flex items-center justify-end gap-2">
          {session.href !== null && (
            <Button variant="ghost" size="sm" className="mr-auto" onClick={remove}>
              Remove link
            </Button>
          )}
          <Button type="submit" size="sm" disabled={!url.trim()}>
            Apply
          </Button>
        </div>
      </form>
    </Popover>
  );
}

/** From the text, the usual shortcut to the panel next to the caret (WAI-ARIA practices), as for the assistant's actions. */
const PANEL_SHORTCUT = ariaKeys({ keys: SHORTCUTS.linkPanel.keys });

/**
 * The small panel shown whenever the cursor is in a link, reached by click, arrow keys or touch
 * (docs/PRODUCT.md#editor): its address, Open, Edit and Remove. The text keeps the focus while it
 * shows; Alt+F10 moves focus into it (arrow keys between its buttons), Escape hides it until the
 * cursor leaves the link and puts focus back in the text.
 */
function LinkInfo({ editor, onEdit }: { editor: Editor; onEdit(): void }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const range = linkRange(e);
      if (!range) return null;
      const { from, to } = e.state.selection;
      return { ...range, href: (e.getAttributes('link').href as string | undefined) ?? '', cursor: `${from}-${to}`, focused: e.isFocused };
    },
  });
  const panel = useRef<HTMLDivElement>(null);
  // Focus is on one of the panel's buttons (the text has given it up to the panel).
  const [inPanel, setInPanel] = useState(false);
  const shown = s !== null && (s.focused || inPanel);
  // Escape hides the panel for this one stay of the cursor: a new place, or leaving the text, forgets it.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const key = s ? `${s.from}:${s.to}:${s.href}` : null;
  const stay = shown ? `${key}@${s.cursor}` : null;
  if (dismissed !== null && dismissed !== stay) setDismissed(null);
  if (inPanel && !s) setInPanel(false);
  const range = s ? { from: s.from, to: s.to } : null;
  const anchor = useMemo(() => (range ? rangeAnchor(editor.view, range) : null), [editor, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const visible = shown && anchor !== null && dismissed !== stay;

  // Alt+F10 in the text, with the caret (nothing selected) in a link, moves focus to the panel.
  useKeyIntoPanel({
    editor,
    keys: SHORTCUTS.linkPanel.keys,
    enabled: visible,
    applies: () => editor.state.selection.empty,
    firstControl: () => panel.current?.querySelector<HTMLElement>('a, button') ?? null,
  });

  if (!visible || !s) return null;

  const backToText = () => {
    setInPanel(false);
    // At once (the focus command waits a frame): the text has the focus again before the panel
    // re-renders, so the panel does not count as left and the Escape is kept.
    if (!editor.isDestroyed) editor.view.focus();
  };
  const remove = () => {
    const { from, to } = editor.state.selection;
    setInPanel(false);
    editor.chain().focus().setTextSelection({ from: s.from, to: s.to }).unsetLink().setTextSelection({ from, to }).run();
  };
  /** Arrow keys move between Open, Edit and Remove (one toolbar, as the assistant's actions). */
  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('a, button')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    e.preventDefault();
    items[(at + (e.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length]?.focus();
  };
  const keep = (e: MouseEvent) => e.preventDefault();
  const small = 'h-8 px-2.5 text-sm';
  return (
    <Popover
      open
      anchor={anchor!}
      align="start"
      label="Link"
      compact
      // A click elsewhere moves the cursor, which closes the panel by itself; only Escape hides it.
      onOpenChange={() => undefined}
      onEscapeKeyDown={() => {
        setDismissed(stay);
        if (inPanel) backToText();
      }}
      onOpenAutoFocus={(event) => event.preventDefault()}
      onCloseAutoFocus={(event) => event.preventDefault()}
    >
      {/* Pressing anywhere in the panel keeps focus (and the cursor) in the text. */}
      <div
        ref={panel}
        role="toolbar"
        aria-label="Link actions"
        aria-keyshortcuts={PANEL_SHORTCUT}
        className="flex min-w-0 items-center gap-1"
        onMouseDown={keep}
        onKeyDown={onKeyDown}
        onFocus={() => setInPanel(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setInPanel(false);
        }}
        data-testid="link-info"
      >
        <span className="max-w-56 min-w-0 truncate px-1.5 text-sm text-ink-soft" title={s.href}>
          {s.href.replace(/^mailto:/i, '')}
        </span>
        <a
          href={s.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Open link in a new tab"
          title="Open link in a new tab"
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: small })}
        >
          Open
        </a>
        <button type="button" aria-label="Edit link" className={buttonClasses({ variant: 'ghost', size: 'sm', className: small })} onClick={onEdit}>
          Edit
        </button>
        <button type="button" aria-label="Remove link" className={buttonClasses({ variant: 'ghost', size: 'sm', className: small })} onClick={remove}>
          Remove
        </button>
      </div>
    </Popover>
  );
}
