import { useRef } from 'react';
import type { RefObject } from 'react';
import { useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { Dialog, cn } from '../../ui';
import { blockStyleLabel } from './HeadingMenu';
import type { ToolbarItemId } from './toolbarArrangement';
import type { ToolItem } from './toolbarItems';

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const STYLES = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

const sheetButton = cn(
  'inline-flex min-h-11 items-center gap-3 rounded-md border border-line bg-surface px-3 text-left text-sm text-ink',
  'hover:bg-cream-deep focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-40 aria-pressed:bg-cream-deep aria-pressed:font-semibold',
);

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The 'More' button: focus goes back to it when the sheet closes without an action. */
  opener: RefObject<HTMLButtonElement | null>;
  editor: Editor;
  /** The actions not in the bar, in the bar's order. */
  items: ToolbarItemId[];
  tools: Record<ToolItem['id'], ToolItem>;
}

/**
 * The phone bar's 'More' sheet: every formatting action the bar has no room for
 * (docs/PRODUCT.md#editor, "Phone toolbar"). Choosing one closes the sheet and acts on the text
 * with the caret back in it; Escape or Close gives focus back to 'More'. Loaded when first
 * opened (MoreButton), not with the editor.
 */
export function MoreSheet({ open, onOpenChange: setOpen, opener, editor, items, tools }: Props) {
  // The action chosen: run once the sheet has gone, so the focus it gives the text stays there.
  const chosen = useRef<(() => void) | null>(null);
  const style = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const level = ([1, 2, 3, 4, 5, 6] as Level[]).find((l) => e.isActive('heading', { level: l }));
      return level ? `h${level}` : 'paragraph';
    },
  });
  const choose = (run: () => void) => {
    chosen.current = run;
    setOpen(false);
  };
  const setStyle = (value: (typeof STYLES)[number]) => {
    const chain = editor.chain().focus();
    if (value === 'paragraph') chain.setParagraph().run();
    else chain.setHeading({ level: Number(value.slice(1)) as Level }).run();
  };
  const actions = items.filter((id): id is ToolItem['id'] => id !== 'textStyle').map((id) => tools[id]);
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="More tools"
        variant="sheet"
        onCloseAutoFocus={(event) => {
          // Radix gives focus back to its own Trigger only; this sheet is opened by MoreButton.
          event.preventDefault();
          const run = chosen.current;
          chosen.current = null;
          if (run) run();
          else opener.current?.focus();
        }}
      >
        {items.includes('textStyle') && (
          <div role="group" aria-labelledby="more-text-style" className="mb-4">
            <p id="more-text-style" className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
              Text style
            </p>
            <div className="grid grid-cols-2 gap-2">
              {STYLES.map((value) => (
                <button key={value} type="button" aria-pressed={style === value} className={sheetButton} onClick={() => choose(() => setStyle(value))}>
                  {blockStyleLabel(value)}
                </button>
              ))}
            </div>
          </div>
        )}
        {actions.length > 0 && (
          <div role="group" aria-label="Formatting and editing" className="grid grid-cols-2 gap-2">
            {actions.map((item) => (
              <button
                key={item.id}
                type="button"
                {...(item.pressed === undefined ? {} : { 'aria-pressed': item.pressed })}
                disabled={item.disabled}
                className={sheetButton}
                onClick={() => choose(item.run)}
              >
                <span className="inline-flex w-5 justify-center text-ink-soft" aria-hidden="true">
                  {item.icon}
                </span>
                {item.label}
              </button>
            ))}
          </div>
        )}
      </Dialog>
    </>
  );
}
