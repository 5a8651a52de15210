import { describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from './earlyClicks';

function page() {
  const container = document.createElement('div');
  container.innerHTML = '<button id="faq">Question</button><a id="link" href="#terms">Terms</a><button id="off" disabled>Off</button>';
  document.body.append(container);
  const pressed = vi.fn();
  // Where React listens once the page is live: the root element, bubbling.
  container.addEventListener('click', (event) => pressed((event.target as Element).id));
  return { container, pressed, byId: (id: string) => container.querySelector<HTMLElement>(`#${id}`)! };
}

describe('presses before a server-rendered page is live', () => {
  it('holds a press on a button and presses it again, once, when released', () => {
    const { container, pressed, byId } = page();
    const release = holdEarlyClicks(container);
    byId('faq').click();
    byId('faq').click();
    expect(pressed).not.toHaveBeenCalled();
    release();
    expect(pressed.mock.calls).toEqual([['faq']]);
    byId('faq').click();
    expect(pressed).toHaveBeenCalledTimes(2);
    container.remove();
  });

  it('leaves links alone: they work without any code', () => {
    const { container, pressed, byId } = page();
    const release = holdEarlyClicks(container);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('link').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(pressed.mock.calls).toEqual([['link']]);
    release();
    expect(pressed).toHaveBeenCalledTimes(1);
    container.remove();
  });
});
