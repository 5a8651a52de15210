import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { cn } from '../../../ui';
import { currentSection, outlineHeadings, sameOutline, sectionAt } from '../outline';
import type { OutlineHeading } from '../outline';

/** Where a chosen heading lands below the top of the text, in pixels. */
const LAND_MARGIN = 16;
/** A heading this close below the top of the text still counts as above it (one just chosen sits at LAND_MARGIN). */
const TOP_SLACK = 32;

interface Props {
  editor: Editor;
  /**
   * Called instead of going straight to a heading when the panel covers the text (the phone's
   * sheet): the caller closes it, then runs `go`, so the writer sees the text and the caret.
   */
  leavePanel?(go: () => void): void;
}

/**
 * The Document panel's outline (docs/PRODUCT.md#editor, "Outline"): the H1–H3 headings, indented by
 * level; choosing one scrolls the text to it with the caret at its start; the current section is
 * marked (aria-current="location") as the text scrolls or the caret moves. Arrow keys, Home and
 * End move between entries. Loaded lazily with the Document panel (docs/PAGE-WEIGHT.md).
 */
export function OutlineSection({ editor, leavePanel }: Props) {
  const headingId = useId();
  // The newest headings with their positions; the rendered list changes only when a text or level does.
  const latest = useRef<OutlineHeading[]>(outlineHeadings({ doc: editor.state.doc }));
  const [headings, setHeadings] = useState(latest.current);
  const [current, setCurrent] = useState(-1);
  const [focused, setFocused] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const scroller = editor.view.dom.closest('main');
    let frame = 0;
    // Positions on screen are read once per frame at most, however fast the text scrolls.
    const measure = () => {
      frame = 0;
      if (!scroller || editor.isDestroyed) return;
      const list = latest.current;
      const box = scroller.getBoundingClientRect();
      const tops = list.map(({ pos }) => {
        const dom = editor.view.nodeDOM(pos);
        return dom instanceof HTMLElement ? dom.getBoundingClientRect().top : Number.POSITIVE_INFINITY;
      });
      const caretSection = sectionAt({ headings: list, pos: editor.state.selection.from });
      setCurrent(currentSection({ tops, viewTop: box.top, viewBottom: box.bottom, slack: TOP_SLACK, caretSection }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      if (transaction.docChanged) {
        // One step per block, only when the document changed (outline.ts).
        const next = outlineHeadings({ doc: transaction.doc });
        const before = latest.current;
        latest.current = next;
        if (!sameOutline({ a: before, b: next })) setHeadings(next);
      }
      if (transaction.docChanged || transaction.selectionSet) schedule();
    };
    editor.on('transaction', onTransaction);
    scroller?.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      editor.off('transaction', onTransaction);
      scroller?.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [editor]);

  // A long outline scrolls in its own box: the current entry is kept in sight there (never the page or the panel).
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const box = list.current;
    const button = buttons.current[current];
    if (!box || !button) return;
    const top = button.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + button.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + button.offsetHeight - box.clientHeight;
  }, [current]);

  const go = (index: number) => {
    const target = latest.current[index];
    if (!target) return;
    const run = () => {
      if (editor.isDestroyed) return;
      // The caret at the heading's start, then the heading scrolled near the top (not merely into view).
      editor
        .chain()
        .setTextSelection(target.pos + 1)
        .focus(undefined, { scrollIntoView: false })
        .run();
      const scroller = editor.view.dom.closest('main');
      const dom = editor.view.nodeDOM(target.pos);
      if (scroller && dom instanceof HTMLElement) {
        scroller.scrollTop += dom.getBoundingClientRect().top - scroller.getBoundingClientRect().top - LAND_MARGIN;
      }
    };
    if (leavePanel) leavePanel(run);
    else run();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const from = focused ?? 0;
    const last = headings.length - 1;
    const to = { ArrowDown: Math.min(from + 1, last), ArrowUp: Math.max(from - 1, 0), Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    buttons.current[to]?.focus();
  };

  // One entry is in the tab order: the one last focused, else the current section, else the first.
  const tabbable = focused ?? Math.max(current, 0);
  return (
    <nav
      aria-labelledby={headingId}
      className="space-y-2"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
      }}
    >
      <h2 id={headingId} className="text-xs font-semibold tracking-wide text-muted uppercase">
        Outline
      </h2>
      {headings.length === 0 ? (
        <p className="text-xs text-muted">No headings yet — add one with the toolbar&apos;s text style or the &apos;/&apos; menu.</p>
      ) : (
        <ul ref={list} className="relative max-h-64 space-y-0.5 overflow-y-auto" onKeyDown={onKeyDown}>
          {headings.map((heading, index) => (
            <li key={index}>
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                tabIndex={index === tabbable ? 0 : -1}
                aria-current={index === current ? 'location' : undefined}
                title={heading.text}
                onFocus={() => setFocused(index)}
                onClick={() => go(index)}
                style={{ paddingLeft: `${0.5 + (heading.level - 1) * 0.875}rem` }}
                className={cn(
                  'block min-h-11 w-full truncate rounded-md py-1 pr-2 text-left text-sm md:min-h-8',
                  heading.level === 1 && 'font-medium',
                  index === current ? 'bg-accent-soft font-semibold text-ink' : 'text-muted hover:bg-paper hover:text-ink',
                )}
              >
                {heading.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
