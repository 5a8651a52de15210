import { useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import type { ReactNode } from 'react';
import type { ShortcutId } from './shortcuts';
import type { ToolbarItemId } from './toolbarArrangement';
import { openSlashMenu } from './slashMenuSlot';
import { requestShortcutsList } from './ShortcutsDialog';
import { requestCheckDraft } from '../checks/panel/checkRequest';
import { chooseImage } from './images/imageEditing';
import { insertTable } from './tables/tableCommands';

/** One formatting action, as the bar's button and the 'More' sheet's row both show it. */
export interface ToolItem {
  id: Exclude<ToolbarItemId, 'textStyle'>;
  label: string;
  /** Its row in the shortcut table: the tooltip names the keys (none: the tooltip is the label). */
  shortcut?: ShortcutId;
  icon: ReactNode;
  /** A mark or list that is on at the cursor (undefined: not a toggle). */
  pressed?: boolean;
  disabled?: boolean;
  run(): void;
}

const iconProps = {
  viewBox: '0 0 20 20',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  className: 'size-4',
  'aria-hidden': true,
};

/** The list buttons' icons: the buttons are named by their labels, so they show no text of their own. */
function ListIcon({ numbered }: { numbered: boolean }) {
  return (
    <svg {...iconProps}>
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

/** A ticked box and lines: the checklist. */
function ChecklistIcon() {
  return (
    <svg {...iconProps}>
      <path d="M9 6h8M9 14h8" />
      <rect x="2.5" y="3" width="4.5" height="4.5" rx="1" strokeWidth="1.4" />
      <path d="m3 13.8 1.5 1.5 2.8-3" strokeWidth="1.4" />
    </svg>
  );
}

/** A quote's bar beside its lines. */
function QuoteIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 4v12" strokeWidth="2.4" />
      <path d="M8.5 6h8M8.5 10h8M8.5 14h5" />
    </svg>
  );
}

/** A picture: a frame with a hill and the sun. */
function ImageIcon() {
  return (
    <svg {...iconProps}>
      <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" />
      <path d="m3 14.5 4.5-4.5 3.5 3.5 2-2 4 4" />
      <circle cx="13" cy="7.5" r="1.3" />
    </svg>
  );
}

/** A grid: a table. */
function TableIcon() {
  return (
    <svg {...iconProps}>
      <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" />
      <path d="M2.5 8h15M2.5 12.2h15M7.5 3.5v13M12.5 3.5v13" strokeWidth="1.4" />
    </svg>
  );
}

/** An icon, not an emoji: not every system font has one. */
function LinkIcon() {
  return (
    <svg {...iconProps}>
      <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9" />
      <path d="M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.9-.9" />
    </svg>
  );
}

function FindIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="8.5" cy="8.5" r="5" />
      <path d="m12.5 12.5 4 4" />
    </svg>
  );
}

/** 'Check my draft': a page with a tick, an editor's read. */
function CheckIcon() {
  return (
    <svg {...iconProps}>
      <path d="M5 2.5h7l3 3v12H5z" />
      <path d="m7.5 11 2 2 3.5-4" />
    </svg>
  );
}

/** 'Insert block or ask AI': a plus, the usual sign for adding a block. */
function InsertIcon() {
  return (
    <svg {...iconProps}>
      <path d="M10 4v12M4 10h12" />
    </svg>
  );
}

export interface ToolActions {
  /** Undo/redo go through the page so autosave is suppressed while they run. */
  onUndo(): void;
  onRedo(): void;
  /** Opens the link popover at the selection (also Ctrl/Cmd+K). */
  onLink(): void;
  /** Opens find and replace (also Ctrl/Cmd+F in the text). */
  onFind(): void;
}

/** The toolbar's actions with their state at the cursor (read with useEditorState, not per render). */
export function useToolItems(editor: Editor, { onUndo, onRedo, onLink, onFind }: ToolActions): Record<ToolItem['id'], ToolItem> {
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
      task: e.isActive('taskList'),
      quote: e.isActive('blockquote'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return {
    bold: { id: 'bold', label: 'Bold', shortcut: 'bold', icon: <b>B</b>, pressed: s.bold, run: () => chain().toggleBold().run() },
    italic: { id: 'italic', label: 'Italic', shortcut: 'italic', icon: <i>I</i>, pressed: s.italic, run: () => chain().toggleItalic().run() },
    underline: { id: 'underline', label: 'Underline', shortcut: 'underline', icon: <u>U</u>, pressed: s.underline, run: () => chain().toggleUnderline().run() },
    strike: { id: 'strike', label: 'Strikethrough', shortcut: 'strike', icon: <s>S</s>, pressed: s.strike, run: () => chain().toggleStrike().run() },
    code: { id: 'code', label: 'Code', shortcut: 'code', icon: '</>', pressed: s.code, run: () => chain().toggleCode().run() },
    link: { id: 'link', label: 'Link', shortcut: 'link', icon: <LinkIcon />, pressed: s.link, run: onLink },
    bulletList: {
      id: 'bulletList',
      label: 'Bullet list',
      shortcut: 'bulletList',
      icon: <ListIcon numbered={false} />,
      pressed: s.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    orderedList: {
      id: 'orderedList',
      label: 'Ordered list',
      shortcut: 'orderedList',
      icon: <ListIcon numbered />,
      pressed: s.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    taskList: {
      id: 'taskList',
      label: 'Checklist',
      shortcut: 'taskList',
      icon: <ChecklistIcon />,
      pressed: s.task,
      run: () => chain().toggleTaskList().run(),
    },
    blockquote: {
      id: 'blockquote',
      label: 'Quote',
      shortcut: 'blockquote',
      icon: <QuoteIcon />,
      pressed: s.quote,
      run: () => chain().toggleBlockquote().run(),
    },
    image: { id: 'image', label: 'Image', icon: <ImageIcon />, run: () => chooseImage(editor) },
    // A table holds no table: in one, the table's own menu (tables/TableMenu.tsx) is there instead.
    table: { id: 'table', label: 'Table', icon: <TableIcon />, disabled: s.table, run: () => insertTable(editor) },
    insert: { id: 'insert', label: 'Insert block or ask AI', shortcut: 'slashMenu', icon: <InsertIcon />, run: () => openSlashMenu(editor) },
    find: { id: 'find', label: 'Find and replace', shortcut: 'find', icon: <FindIcon />, run: onFind },
    checks: { id: 'checks', label: 'Check my draft', shortcut: 'checkDraft', icon: <CheckIcon />, run: requestCheckDraft },
    undo: { id: 'undo', label: 'Undo', shortcut: 'undo', icon: '↶', disabled: !s.canUndo, run: onUndo },
    redo: { id: 'redo', label: 'Redo', shortcut: 'redo', icon: '↷', disabled: !s.canRedo, run: onRedo },
    shortcuts: { id: 'shortcuts', label: 'Keyboard shortcuts', shortcut: 'shortcuts', icon: <span aria-hidden="true">⌨</span>, run: requestShortcutsList },
  };
}
