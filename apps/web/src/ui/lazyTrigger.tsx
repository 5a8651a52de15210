import { cloneElement, isValidElement, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, ReactElement, ReactNode, Ref } from 'react';
import { useRadix } from './lazyRadix';
import type { RadixState } from './lazyRadix';

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerDown?: (event: PointerEvent) => void;
  onFocus?: (event: unknown) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onClick?: (event: unknown) => void;
};

/** Keys that open a Radix menu or popover from its trigger. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A menu's or popover's trigger before Radix has loaded: pointing at it or focusing it starts the
 * load, and a press (pointer, Enter, Space, ArrowDown) is remembered so the menu opens as soon as
 * it has loaded — the first press always works. Once loaded, `trigger` is the caller's element
 * with a ref, and focus moves to it if the stand-in had it.
 */
export function useLazyTrigger(
  trigger: ReactNode,
  opensOn: 'pointerdown' | 'click',
): {
  radix: RadixState;
  pressed: boolean;
  trigger: ReactNode;
} {
  const [wanted, setWanted] = useState(false);
  const [pressed, setPressed] = useState(false);
  // A pointer is down on the stand-in: it stays until the press ends. Swapped for Radix's trigger
  // between pointerdown and pointerup (the parts arriving just then), the press would have no click.
  const [holding, setHolding] = useState(false);
  const radix = useRadix(wanted);
  const element = useRef<HTMLElement | null>(null);
  const hadFocus = useRef(false);
  const loaded = radix.parts !== null && !holding;

  useEffect(() => {
    if (!holding) return;
    // A press that ends off the trigger (dragged away) has no click: let go after the pointerup's own events.
    const letGo = () => void setTimeout(() => setHolding(false), 0);
    window.addEventListener('pointerup', letGo, { capture: true, once: true });
    window.addEventListener('pointercancel', letGo, { capture: true, once: true });
    return () => {
      window.removeEventListener('pointerup', letGo, { capture: true });
      window.removeEventListener('pointercancel', letGo, { capture: true });
    };
  }, [holding]);

  useLayoutEffect(() => {
    // The stand-in was replaced by Radix's trigger: keep the keyboard where it was (an opened menu takes focus itself).
    if (loaded && hadFocus.current && !pressed) element.current?.focus();
    hadFocus.current = false;
  }, [loaded, pressed]);

  const shown: RadixState = loaded ? radix : { parts: null, failed: radix.failed };
  if (!isValidElement<TriggerProps>(trigger)) return { radix: shown, pressed, trigger };
  const own = trigger.props;
  if (loaded)
    return {
      radix,
      pressed,
      trigger: cloneElement(trigger as ReactElement<TriggerProps>, { ref: (node: HTMLElement | null) => void (element.current = node) }),
    };
  const press = () => {
    setWanted(true);
    setPressed(true);
  };
  const standIn = cloneElement(
    trigger as ReactElement<TriggerProps>,
    {
      ref: (node: HTMLElement | null) => void (element.current = node),
      'aria-busy': pressed || undefined,
      onPointerEnter: (event: PointerEvent) => {
        own.onPointerEnter?.(event);
        setWanted(true);
      },
      onFocus: (event: unknown) => {
        own.onFocus?.(event);
        hadFocus.current = true;
        setWanted(true);
      },
      onPointerDown: (event: PointerEvent) => {
        own.onPointerDown?.(event);
        if (event.button !== 0 || event.ctrlKey) return;
        setHolding(true);
        if (opensOn === 'pointerdown') press();
      },
      onClick: (event: unknown) => {
        own.onClick?.(event);
        if (opensOn === 'click') press();
        setHolding(false);
      },
      onKeyDown: (event: KeyboardEvent) => {
        own.onKeyDown?.(event);
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        hadFocus.current = true;
        press();
      },
    } as TriggerProps,
  );
  return { radix: shown, pressed, trigger: standIn };
}
