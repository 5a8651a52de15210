import { useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { Menu, MenuItem, MenuSeparator, cn } from '../../../ui';
import { hasHeaderRow } from './tableCommands';
import { canRunTableAction, runTableAction, type TableAction } from './tableEditing';

/** A grid: the table's icon. */
function TableIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4" aria-hidden="true">
      <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" />
      <path d="M2.5 8h15M2.5 12.2h15M7.5 3.5v13M12.5 3.5v13" />
    </svg>
  );
}

/**
 * What can be done to the table at the caret (docs/PRODUCT.md#editor "Tables"): rows and columns
 * added or removed, the header row turned on or off, the table deleted. A menu of named items, so
 * the keyboard reaches every one (arrow keys, Enter); each puts the caret back in the table.
 */
export default function TableMenu({ editor, size }: { editor: Editor; size: 'desktop' | 'mobile' }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      header: hasHeaderRow(e),
      deleteRow: canRunTableAction(e, 'deleteRow'),
      deleteColumn: canRunTableAction(e, 'deleteColumn'),
    }),
  });
  const run = (action: TableAction) => runTableAction(editor, action);
  return (
    <Menu
      label="Table"
      align="start"
      trigger={
        <button
          type="button"
          aria-label="Table options"
          title="Table options"
          // Keeps the caret in the table while the button is pressed.
          onMouseDown={(e) => e.preventDefault()}
          className={cn(
            'inline-flex shrink-0 items-center justify-center gap-1 rounded-md border border-line px-2 text-sm text-ink-soft',
            size === 'mobile' ? 'h-11 min-w-11' : 'h-9',
            'hover:bg-cream-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent data-[state=open]:bg-cream-deep',
          )}
        >
          <TableIcon />
          <span className={size === 'mobile' ? 'sr-only' : ''}>Table</span>
        </button>
      }
    >
      <MenuItem onSelect={() => run('addRowBefore')}>Add row above</MenuItem>
      <MenuItem onSelect={() => run('addRowAfter')}>Add row below</MenuItem>
      <MenuItem onSelect={() => run('deleteRow')} disabled={!s.deleteRow}>
        Delete row
      </MenuItem>
      <MenuSeparator />
      <MenuItem onSelect={() => run('addColumnBefore')}>Add column left</MenuItem>
      <MenuItem onSelect={() => run('addColumnAfter')}>Add column right</MenuItem>
      <MenuItem onSelect={() => run('deleteColumn')} disabled={!s.deleteColumn}>
        Delete column
      </MenuItem>
      <MenuSeparator />
      <MenuItem onSelect={() => run('toggleHeaderRow')}>{s.header ? 'Remove header row' : 'Add header row'}</MenuItem>
      <MenuItem tone="danger" onSelect={() => run('deleteTable')}>
        Delete table
      </MenuItem>
    </Menu>
  );
}
