import type { AiAction } from '@bree/contracts';
import { Menu, MenuItem } from '../../ui';
import { useAiAvailability } from './aiAvailability';
import { UnavailableButton } from './UnavailableButton';

/** The actions that write at the cursor, offered from the toolbar. */
const CURSOR_ACTIONS: { action: AiAction; label: string }[] = [
  { action: 'add-content', label: 'Add Content' },
  { action: 'fill-paragraph', label: 'Fill Paragraph' },
  { action: 'fill-sentence', label: 'Fill Sentence' },
];

// Never wraps or shrinks: '✦ Assistant' stays one line in a narrow toolbar (docs/PRODUCT.md#editor).
const TRIGGER_CLASSES = 'inline-flex h-9 shrink-0 items-center rounded-md px-2 text-sm whitespace-nowrap text-ink-soft';

/** Toolbar menu: Add Content, Fill Paragraph, Fill Sentence at the cursor; unavailable (and why) while the server has no AI provider. */
export function AssistantMenu({ onRun }: { onRun(action: AiAction): void }) {
  const { available } = useAiAvailability();
  if (!available)
    return (
      <UnavailableButton aria-label="Assistant" className={TRIGGER_CLASSES}>
        ✦ Assistant
      </UnavailableButton>
    );
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
          className={`${TRIGGER_CLASSES} hover:bg-cream-deep hover:text-ink`}
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
