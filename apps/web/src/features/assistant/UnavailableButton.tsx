import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../ui';
import { AI_NOT_SET_UP } from './aiAvailability';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'disabled' | 'type'> {
  children: ReactNode;
  /** Why the button cannot act; also its accessible description. */
  reason?: string;
}

/** Where the tooltip goes: above the button when there is room, else below it. */
function placeTooltip(button: HTMLElement): { top: number; left: number; above: boolean } {
  const rect = button.getBoundingClientRect();
  const above = rect.top > 48;
  return { top: above ? rect.top - 6 : rect.bottom + 6, left: rect.left + rect.width / 2, above };
}

/**
 * A button that cannot act yet says why before it is pressed. It stays focusable
 * (aria-disabled, not disabled) so keyboard and screen-reader users reach it; the reason is its
 * accessible description and shows as a tooltip on hover, on focus and on a tap, and Escape hides it.
 * The tooltip is drawn over the page (a portal), so scrolling toolbars and menus never clip it.
 */
export function UnavailableButton({ children, reason = AI_NOT_SET_UP, className, onMouseDown, onKeyDown, ...rest }: Props) {
  const id = useId();
  const ref = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState<ReturnType<typeof placeTooltip> | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);

  const show = useCallback(() => {
    window.clearTimeout(hideTimer.current);
    if (ref.current) setPlace(placeTooltip(ref.current));
  }, []);
  const hide = useCallback(() => {
    window.clearTimeout(hideTimer.current);
    setPlace(null);
  }, []);
  // A short grace lets the pointer move from the button onto the tooltip (which stays while hovered).
  const hideSoon = useCallback(() => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setPlace(null), 150);
  }, []);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  // Kept inside the window: a button near an edge moves its tooltip in rather than cutting it off.
  useLayoutEffect(() => {
    const width = place ? document.getElementById(id)?.getBoundingClientRect().width : undefined;
    if (!place || width === undefined) return;
    // The tooltip is centred on `left`: the centre stays at least half its width (and a margin) from either edge.
    const half = width / 2 + 8;
    const left = Math.max(half, Math.min(place.left, window.innerWidth - half));
    if (Math.abs(left - place.left) > 0.5) setPlace({ ...place, left });
  }, [place, id]);

  // A shown tooltip follows nothing: it goes when the page scrolls or resizes under it, when the
  // pointer is elsewhere (its button may have been hidden under it, which says nothing), or on a press elsewhere.
  useEffect(() => {
    if (!place) return;
    const outside = (e: Event) => {
      const target = e.target as Node | null;
      return !target || !(ref.current?.contains(target) || document.getElementById(id)?.contains(target));
    };
    const onMove = (e: PointerEvent) => {
      if (outside(e)) hideSoon();
    };
    const onDown = (e: PointerEvent) => {
      if (outside(e)) hide();
    };
    window.addEventListener('scroll', hide, true);
    window.addEventListener('resize', hide);
    document.addEventListener('pointermove', onMove, true);
    document.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('scroll', hide, true);
      window.removeEventListener('resize', hide);
      document.removeEventListener('pointermove', onMove, true);
      document.removeEventListener('pointerdown', onDown, true);
    };
  }, [place, hide, hideSoon, id]);

  return (
    <>
      <button
        ref={ref}
        type="button"
        aria-disabled="true"
        aria-describedby={id}
        data-unavailable="true"
        {...rest}
        onMouseDown={(e) => {
          // Keeps the editor's selection and caret where they are, as the working buttons do.
          e.preventDefault();
          onMouseDown?.(e);
        }}
        onClick={(e) => {
          e.preventDefault();
          show();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && place) {
            e.stopPropagation();
            hide();
          }
          onKeyDown?.(e);
        }}
        onMouseEnter={show}
        onMouseLeave={hideSoon}
        onFocus={show}
        onBlur={hide}
        className={cn(className, 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50')}
      >
        {children}
      </button>
      {createPortal(
        <span
          role="tooltip"
          id={id}
          hidden={!place}
          onMouseEnter={show}
          onMouseLeave={hideSoon}
          style={place ? { top: place.top, left: place.left } : undefined}
          className={cn(
            'fixed z-[70] max-w-64 -translate-x-1/2 rounded-md bg-ink px-2 py-1 text-center text-xs font-normal text-white shadow-pop',
            place?.above ? '-translate-y-full' : '',
          )}
        >
          {reason}
        </span>,
        document.body,
      )}
    </>
  );
}
