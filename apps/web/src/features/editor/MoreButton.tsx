import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { ToolbarItemId } from './toolbarArrangement';
import type { ToolItem } from './toolbarItems';

const loadSheet = () => import('./MoreSheet');
const MoreSheet = lazy(() => loadSheet().then((m) => ({ default: m.MoreSheet })));

function MoreIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
      <circle cx="4.5" cy="10" r="1.6" />
      <circle cx="10" cy="10" r="1.6" />
      <circle cx="15.5" cy="10" r="1.6" />
    </svg>
  );
}

interface Props {
  editor: Editor;
  /** The actions not in the bar. */
  items: ToolbarItemId[];
  tools: Record<ToolItem['id'], ToolItem>;
}

/** The phone bar's 'More' button; its sheet (MoreSheet) is fetched once the bar shows, kept off the editor's first load (docs/PAGE-WEIGHT.md). */
export function MoreButton({ editor, items, tools }: Props) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the sheet's closing can hand focus back.
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    void loadSheet().catch(() => undefined);
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="More"
        title="More"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-ink-soft hover:bg-cream-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
      >
        <MoreIcon />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MoreSheet open={open} onOpenChange={setOpen} opener={button} editor={editor} items={items} tools={tools} />
        </Suspense>
      )}
    </>
  );
}
