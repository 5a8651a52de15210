import { describe, expect, it } from 'vitest';
import { PHONE_PRIORITY, TOOLBAR_ORDER, arrangeToolbar } from './toolbarArrangement';

describe('arrangeToolbar', () => {
  it('keeps bold and italic in the bar at 360 and 375 px, the rest in More', () => {
    for (const width of [360, 375]) {
      const { visible, more } = arrangeToolbar({ width });
      expect(visible, `${width} px`).toEqual(['bold', 'italic']);
      expect(more).toEqual(TOOLBAR_ORDER.filter((id) => id !== 'bold' && id !== 'italic'));
    }
  });

  it('places every action exactly once, in the toolbar order, at any width', () => {
    for (let width = 320; width <= 1400; width += 7) {
      const { visible, more } = arrangeToolbar({ width });
      expect([...visible, ...more].sort()).toEqual([...TOOLBAR_ORDER].sort());
      expect(visible).toEqual(TOOLBAR_ORDER.filter((id) => visible.includes(id)));
      expect(more).toEqual(TOOLBAR_ORDER.filter((id) => more.includes(id)));
    }
  });

  it('gives more room to the most used actions first as the screen widens', () => {
    const at414 = arrangeToolbar({ width: 414 }).visible;
    expect(at414).toEqual(['bold', 'italic', 'link']);
    for (let width = 360; width <= 767; width += 1) {
      const { visible } = arrangeToolbar({ width });
      expect(visible, `${width} px`).toEqual(expect.arrayContaining(['bold', 'italic']));
      // Never a less used action while a more used one of the same width waits in More (the text style is wider).
      const narrow = PHONE_PRIORITY.filter((id) => id !== 'textStyle');
      const lastShown = Math.max(...visible.filter((id) => id !== 'textStyle').map((id) => narrow.indexOf(id)));
      expect(narrow.slice(0, lastShown + 1).every((id) => visible.includes(id))).toBe(true);
    }
  });

  it('needs no More once everything fits', () => {
    expect(arrangeToolbar({ width: 1280 })).toEqual({ visible: [...TOOLBAR_ORDER], more: [] });
    expect(arrangeToolbar({ width: 767 }).more.length).toBeGreaterThan(0);
  });
});
