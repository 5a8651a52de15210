import { FAKE_WEBHOOK_SECRET, startFakeStripe, fakeStripeEnv, type FakeStripe } from '../../server/test/fakes/stripe';
import { expect, newAccount, test, AuthPages } from './fixtures/bree';
import { removeDataDir, startBree, type BreeServer } from './fixtures/server';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): The writer is refused at the cap (402) on purpose before turning pay-as-you-go on.
test.use(allowConsoleErrors(failedLoad({ status: 402, path: '/api/ai/operations' })));

/** docs/BILLING.md#pay-as-you-go and #notices: no surprise charges, in Chromium with the local fake Stripe. */
test.describe('pay-as-you-go: off until turned on, and the usage notices', () => {
  let stripe: FakeStripe;
  let server: BreeServer;
  test.beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startBree({ env: fakeStripeEnv(stripe) });
  });
  test.afterAll(async () => {
    await server.stop();
    removeDataDir(server.dataDir);
    await stripe.close();
  });

  test('a Pro writer finds pay-as-you-go off, turns it on with a limit, and sees the 80 % notice once', async ({ page }) => {
    const auth = new AuthPages(page, server);
    await auth.signUpOverHttp(newAccount('payg-switch'));
    await page.route('https://checkout.stripe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Pay Bree</h1>' }));
    await page.goto(`${server.url}/subscription`);
    const checkout = page.waitForRequest('https://checkout.stripe.test/**');
    await page.getByRole('button', { name: 'Upgrade' }).click();
    const checkoutId = new URL((await checkout).url()).pathname.split('/').pop() ?? '';
    await expect(page.getByRole('heading', { name: 'Pay Bree' })).toBeVisible();
    const { session } = stripe.completeCheckout(checkoutId);
    const event = stripe.event('checkout.session.completed', session);
    const delivered = await fetch(`${server.url}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(event.payload, FAKE_WEBHOOK_SECRET) },
      body: event.payload,
    });
    expect(delivered.status).toBe(200);

    await page.goto(`${server.url}/subscription`);
    const toggle = page.getByRole('switch', { name: 'Pay-as-you-go' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Off — AI calls stop when the Pro credit or a call cap is used up.')).toBeVisible();
    await toggle.click();
    await page.getByLabel('Spending limit (USD a month)').fill('5');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('On — up to $5.00 this month; $0.00 used so far.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Pay-as-you-go' })).toHaveAttribute('aria-checked', 'true');

    // 200 of 250 Premium calls used: the figures are the server's answer, played here to skip 200 AI calls.
    await page.route('**/api/usage/current', async (route) => {
      let answer: Record<string, unknown>;
      try {
        answer = (await (await route.fetch()).json()) as Record<string, unknown>;
      } catch {
        return; // the page went on (a reload) before the answer was read: that request is gone
      }
      await route.fulfill({ json: { ...answer, premiumCalls: 200 } }).catch(() => undefined);
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.url}/app`);
    const notice = page.getByRole('status').filter({ hasText: "You've used 200 of this month's 250 Premium calls." });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'View usage' })).toBeInViewport();
    await notice.getByRole('button', { name: 'Dismiss usage notice' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
    await expect(page.getByText("You've used 200 of this month's 250 Premium calls.")).toHaveCount(0);
  });
});
