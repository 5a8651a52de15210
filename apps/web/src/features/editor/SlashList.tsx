import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Editor } from '@tiptap/core';
import type { AiAction } from '@bree/contracts';
import { cn, useIsMobile } from '../../ui';
import { useVisualViewport } from '../../ui/useVisualViewport';
import { AI_NOT_SET_UP } from '../assistant/aiAvailability';
import { requestAskAi } from '../assistant/askAiRequest';
import { applySlashCommand, paragraphHasText } from './slashApply';
import { filterSlashItems, groupSlashItems, slashGivesUp, slashItemsFor } from './slashItems';
import type { SlashItem } from './slashItems';
import { placeSlashMenu } from './slashPlacement';
import { closeSlashMenu } from './slashTrigger';
import type { SlashSession, SlashStore } from './slashTrigger';

interface Props {
  editor: Editor;
  store: SlashStore;
  /** The open '/query'. */
  session: SlashSession;
  onRun(action: AiAction): void;
  /** False while the server has no AI provider: the assistant's items stay listed, disabled, saying why. */
  aiAvailable: boolean;
}

/**
 * The '/' menu's list under the slash (docs/PRODUCT.md#editor, "The '/' menu"): the matching
 * items in their groups, the active one named to the text by aria-activedescendant.
 */
export function SlashList({ editor, store, session, onRun, aiAvailable }: Props) {
  const id = useId();
  const phone = useIsMobile();
  const viewportBox = useVisualViewport();
  const all = useMemo(() => slashItemsFor({ paragraphHasText: paragraphHasText({ editor, range: session.range }) }), [editor, session.range]);
  const groups = useMemo(() => groupSlashItems(filterSlashItems({ items: all, query: session.query })), [all, session.query]);
  const shown = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  // The active option belongs to the query it was chosen in: a new query starts from its best match.
  const [cursor, setCursor] = useState({ query: session.query, index: 0 });
  const active = cursor.query === session.query ? cursor.index : 0;
  const setActive = (index: number) => {
    if (index !== active || cursor.query !== session.query) setCursor({ query: session.query, index });
  };
  const [, redraw] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const optionId = (item: SlashItem) => `${id}-${item.id}`;
  const unavailable = (item: SlashItem) => !aiAvailable && item.group === 'Assistant';

  // Typed on past anything that matches: the menu leaves, the text stays as typed.
  const givesUp = slashGivesUp({ items: all, query: session.query });
  useEffect(() => {
    if (givesUp) closeSlashMenu(editor);
  }, [givesUp, editor]);

  const pick = (item: SlashItem | undefined) => {
    if (!item || unavailable(item)) return;
    applySlashCommand({ editor, range: session.range, command: item.command, handlers: { onRun, onAskAi: requestAskAi } });
  };

  // The keys reach the list through the trigger while the caret stays in the text.
  const keys = useRef<(event: KeyboardEvent) => boolean>(() => false);
  keys.current = (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (shown.length === 0) return true;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + shown.length) % shown.length);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && shown.length > 0) {
      pick(shown[Math.min(active, shown.length - 1)]);
      return true;
    }
    return false;
  };
  useEffect(() => {
    store.keyHandler = (event) => keys.current(event);
    return () => {
      store.keyHandler = null;
    };
  }, [store]);

  // The text is the combobox: it names the list and its active option while the menu is open.
  const activeItem = shown[Math.min(active, shown.length - 1)];
  useEffect(() => {
    const dom = editor.view.dom;
    dom.setAttribute('aria-controls', `${id}-list`);
    if (activeItem) dom.setAttribute('aria-activedescendant', optionId(activeItem));
    else dom.removeAttribute('aria-activedescendant');
    document.getElementById(activeItem ? optionId(activeItem) : '')?.scrollIntoView({ block: 'nearest' });
  });
  useEffect(() => {
    const dom = editor.view.dom;
    return () => {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    };
  }, [editor]);

  // Follows the slash as the page scrolls or resizes (the keyboard opening).
  useEffect(() => {
    const update = () => redraw((n) => n + 1);
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, []);

  const rect = session.clientRect();
  if (!rect) return null;
  const viewport = viewportBox ? { top: viewportBox.offsetTop, bottom: viewportBox.offsetTop + viewportBox.height } : { top: 0, bottom: window.innerHeight };
  const { maxHeight, ...place } = placeSlashMenu({ rect, phone, size: { width: window.innerWidth, height: window.innerHeight }, visible: viewport });

  return createPortal(
    <div
      ref={listRef}
      data-testid="slash-menu"
      // While it is open, Escape is the menu's alone (the suggestion card leaves it: assistant/SuggestionCard.tsx).
      data-slash-menu=""
      // Pressing in the menu keeps the caret (and the open menu) in the text.
      onMouseDown={(e) => e.preventDefault()}
      style={{ ...place, maxHeight: Math.max(120, maxHeight) }}
      className="fixed z-50 overflow-y-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-pop"
    >
      <div role="listbox" id={`${id}-list`} aria-label="Insert block or ask AI">
        {groups.map(({ group, items }) => (
          <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
            <div id={`${id}-${group}`} aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
              {group}
            </div>
            {items.map((item) => {
              const isActive = item === activeItem;
              const off = unavailable(item);
              return (
                <div
                  key={item.id}
                  id={optionId(item)}
                  role="option"
                  aria-selected={isActive}
                  aria-disabled={off || undefined}
                  aria-labelledby={`${optionId(item)}-name`}
                  aria-describedby={`${optionId(item)}-hint`}
                  onMouseMove={() => setActive(shown.indexOf(item))}
                  onClick={() => pick(item)}
                  className={cn(
                    'flex min-h-11 cursor-pointer flex-col justify-center rounded-md px-3 py-1.5',
                    isActive && 'bg-cream-deep',
                    off && 'cursor-not-allowed opacity-60',
                  )}
                >
                  <span id={`${optionId(item)}-name`} className="text-ink">
                    {item.label}
                  </span>
                  <span id={`${optionId(item)}-hint`} className="text-xs text-ink-soft">
                    {off ? AI_NOT_SET_UP : item.hint}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {shown.length === 0 && (
        <p role="status" className="px-3 py-2 text-ink-soft">
          No matches <span className="text-xs text-muted">· Esc to close</span>
        </p>
      )}
    </div>,
    document.body,
  );
}
