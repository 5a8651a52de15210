import { useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { cn } from '../../ui';
import { HeadingMenu } from './HeadingMenu';

interface ToolButtonProps {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: React.ReactNode;
}

function ToolButton({ label, pressed, disabled, onClick, children }: ToolButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
      disabled={disabled}
      // Keeps the selection in the editor while the button is clicked.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm text-ink-soft',
        'hover:bg-cream-deep hover:text-ink disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-accent',
        pressed && 'bg-cream-deep font-semibold text-ink',
      )}
    >
      {children}
    </button>
  );
}

/** The list buttons' icons: the buttons are named by their tooltips, so they show no text of their own. */
function ListIcon({ numbered }: { numbered: boolean }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-4" aria-hidden="true">
      <path d="M8 5h9M8 10h9M8 15h9" />
      {numbered ? (
        <path d="M3 3.5 4 3v4M2.8 12.2a1.1 1.1 0 0 1 2 .6c0 .8-2 1.6-2 2.7h2.2" strokeWidth="1.2" />
      ) : (
        <g fill="currentColor" stroke="none">
          <circle cx="3.5" cy="5" r="1.3" />
          <circle cx="3.5" cy="10" r="1.3" />
          <circle cx="3.5" cy="15" r="1.3" />
        </g>
      )}
    </svg>
  );
}

interface ToolbarProps {
  editor: Editor;
  /** Undo/redo go through the page so autosave is suppressed while they run. */
  onUndo(): void;
  onRedo(): void;
  /** Opens the link popover at the selection (also Ctrl/Cmd+K). */
  onLink(): void;
  /** Opens find and replace (also Ctrl/Cmd+F in the text). */
  onFind(): void;
  variant: 'desktop' | 'mobile';
  /** Mobile: how much of the page the on-screen keyboard covers; the bar sits just above it. */
  bottomInset?: number;
  /** Extra controls at the end (the assistant's cursor actions). */
  extra?: React.ReactNode;
}

/** Formatting toolbar (desktop row or the mobile bar); state read with useEditorState, not per render. */
export function Toolbar({ editor, onUndo, onRedo, onLink, onFind, variant, bottomInset = 0, extra }: ToolbarProps) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      link: e.isActive('link'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label={variant === 'mobile' ? 'Formatting' : 'Formatting toolbar'}
      style={variant === 'mobile' && bottomInset > 0 ? { bottom: bottomInset } : undefined}
      className={cn(
        'flex items-center gap-0.5 overflow-x-auto',
        variant === 'mobile'
          ? 'fixed inset-x-0 bottom-0 z-30 border-t border-line bg-cream px-2 py-1 pb-[max(0.25rem,env(safe-area-inset-bottom))]'
          : 'flex-wrap border-b border-line bg-surface px-3 py-1.5',
      )}
    >
      {/* The text style comes first, as in Google Docs. */}
      <HeadingMenu editor={editor} />
      <span className="mx-1 h-5 w-px shrink-0 bg-line" aria-hidden="true" />
      <ToolButton label="Bold" pressed={s.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolButton>
      <ToolButton label="Italic" pressed={s.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolButton>
      <ToolButton label="Underline" pressed={s.underline} onClick={() => chain().toggleUnderline().run()}>
        <u>U</u>
      </ToolButton>
      <ToolButton label="Strikethrough" pressed={s.strike} onClick={() => chain().toggleStrike().run()}>
        <s>S</s>
      </ToolButton>
      <ToolButton label="Code" pressed={s.code} onClick={() => chain().toggleCode().run()}>
        {'</>'}
      </ToolButton>
      <ToolButton label="Link" pressed={s.link} onClick={onLink}>
        {/* An icon, not an emoji: not every system font has one. */}
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-4" aria-hidden="true">
          <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9" />
          <path d="M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.9-.9" />
        </svg>
      </ToolButton>
      <ToolButton label="Bullet list" pressed={s.bullet} onClick={() => chain().toggleBulletList().run()}>
        <ListIcon numbered={false} />
      </ToolButton>
      <ToolButton label="Ordered list" pressed={s.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListIcon numbered />
      </ToolButton>
      <ToolButton label="Find and replace" onClick={onFind}>
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-4" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="5" />
          <path d="m12.5 12.5 4 4" />
        </svg>
      </ToolButton>
      <ToolButton label="Undo" disabled={!s.canUndo} onClick={onUndo}>
        ↶
      </ToolButton>
      <ToolButton label="Redo" disabled={!s.canRedo} onClick={onRedo}>
        ↷
      </ToolButton>
      {extra}
    </div>
  );
}
