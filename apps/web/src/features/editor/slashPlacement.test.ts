import { describe, expect, it } from 'vitest';
import { placeSlashMenu } from './slashPlacement';

const phone = { width: 360, height: 740 };
const slashAt = (top: number, left = 40) => ({ top, bottom: top + 20, left });

describe("where the '/' menu's list goes", () => {
  it('fits a 360 px phone: never wider than the screen less 16 px, kept inside it', () => {
    const place = placeSlashMenu({ rect: slashAt(100, 300), phone: true, size: phone, visible: { top: 0, bottom: 740 } });
    expect(place.width).toBeLessThanOrEqual(344);
    expect(place.left).toBeGreaterThanOrEqual(8);
    expect(place.left + place.width).toBeLessThanOrEqual(352);
  });

  it('opens under the slash when there is room above the formatting bar', () => {
    const place = placeSlashMenu({ rect: slashAt(100), phone: true, size: phone, visible: { top: 0, bottom: 740 } });
    expect(place.top).toBe(124);
    expect(place.bottom).toBeUndefined();
    // It ends above the phone's bar (60 px over the bottom).
    expect(place.top! + place.maxHeight).toBeLessThanOrEqual(740 - 60);
  });

  it('opens above the slash when the on-screen keyboard leaves no room under it', () => {
    // The keyboard covers the bottom 320 px: the screen shows 0–420, the slash sits at 300.
    const place = placeSlashMenu({ rect: slashAt(300), phone: true, size: phone, visible: { top: 0, bottom: 420 } });
    expect(place.top).toBeUndefined();
    expect(place.bottom).toBe(740 - 300 + 4);
    expect(place.maxHeight).toBeLessThanOrEqual(300 - 8 - 4);
    // Without the keyboard the same slash has the room under it.
    expect(placeSlashMenu({ rect: slashAt(300), phone: true, size: phone, visible: { top: 0, bottom: 740 } }).top).toBe(324);
  });
});
