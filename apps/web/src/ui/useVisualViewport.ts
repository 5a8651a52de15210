import { useEffect, useState } from 'react';

/** What the screen shows of the page: its height, where it starts, and how much the keyboard covers below it. */
export interface VisualViewportBox {
  height: number;
  offsetTop: number;
  /** The part of the layout viewport below what is visible (an on-screen keyboard), in CSS px. */
  bottomInset: number;
}

/** The visual viewport as a box, from the window and its `visualViewport`. */
export function visualViewportBox({ innerHeight, height, offsetTop }: { innerHeight: number; height: number; offsetTop: number }): VisualViewportBox {
  return { height, offsetTop, bottomInset: Math.max(0, Math.round(innerHeight - height - offsetTop)) };
}

/**
 * The visual viewport while the calling component is mounted, updated as it resizes or scrolls (an
 * on-screen keyboard opening, pinch zoom); null where the browser has none.
 */
export function useVisualViewport(): VisualViewportBox | null {
  const read = () => {
    const vv = typeof window === 'undefined' ? undefined : window.visualViewport;
    return vv ? visualViewportBox({ innerHeight: window.innerHeight, height: vv.height, offsetTop: vv.offsetTop }) : null;
  };
  const [box, setBox] = useState<VisualViewportBox | null>(read);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const update = () =>
      setBox((current) => {
        const next = visualViewportBox({ innerHeight: window.innerHeight, height: vv.height, offsetTop: vv.offsetTop });
        return current && current.height === next.height && current.offsetTop === next.offsetTop && current.bottomInset === next.bottomInset ? current : next;
      });
    update();
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    window.addEventListener('resize', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return box;
}
