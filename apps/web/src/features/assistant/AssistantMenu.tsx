import type { AiAction } from '@bree/contracts';
import { Menu, MenuItem } from '../../ui';

/** The actions that write at the cursor, offered from the toolbar. */
const CURSOR_ACTIONS: { action: AiAction; label: string }[] = [
  { action: 'add-content', label: 'Add Content' },
  { action: 'fill-paragraph', label: 'Fill Paragraph' },
  { action: 'fill-sentence', label: 'Fill Sentence' },
];

/** Toolbar menu: Add Content, Fill Paragraph, Fill Sentence at the cursor. */
export function AssistantMenu({ onRun }: { onRun(action: AiAction): void }) {
  return (
    <Menu
      label="Assistant"
      align="start"
      trigger={
        <button
          type="button"
          aria-label="Assistant"
          title="Assistant"
          onMouseDown={(e) => e.preventDefault()}
          className="inline-flex h-9 items-center rounded-md px-2 text-sm text-ink-soft hover:bg-cream-deep hover:text-ink"
        >
          ✦ Assistant
        </button>
      }
    >
      {CURSOR_ACTIONS.map(({ action, label }) => (
        <MenuItem key={action} onSelect={() => onRun(action)}>
          {label}
        </MenuItem>
      ))}
    </Menu>
  );
}
