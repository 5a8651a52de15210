import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstallOffer, INSTALL_ANSWERED_KEY } from './installOffer';

function offerEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('the install offer', () => {
  beforeEach(() => localStorage.clear());

  it('is not offered until the browser offers installation', () => {
    const offer = createInstallOffer(window);
    expect(offer.available()).toBe(false);
  });

  it("keeps the browser's event, offers it once, and remembers the answer", async () => {
    const offer = createInstallOffer(window);
    const listener = vi.fn();
    offer.subscribe(listener);
    const { event, prompt } = offerEvent('dismissed');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(offer.available()).toBe(true);
    expect(listener).toHaveBeenCalled();

    await expect(offer.install()).resolves.toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(INSTALL_ANSWERED_KEY)).toBe('dismissed');
    expect(offer.available()).toBe(false);

    // The browser may offer again on a later visit: the writer has answered, so the menu stays quiet.
    window.dispatchEvent(offerEvent('accepted').event);
    expect(offer.available()).toBe(false);
  });

  it('stops offering once the app is installed', () => {
    const offer = createInstallOffer(window);
    window.dispatchEvent(offerEvent('accepted').event);
    window.dispatchEvent(new Event('appinstalled'));
    expect(offer.available()).toBe(false);
  });
});
