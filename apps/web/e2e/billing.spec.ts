import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { BILLING_USAGE_CSV_HEADER } from '@bree/contracts';
import { callApi } from './fixtures/api';
import { becomePro, deliverStripeEvent, expect, newAccount, test, AuthPages } from './fixtures/billing';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): A Free plan's 'Convert to workspace' is refused with 402 on purpose: the upgrade offer is tested.
test.use(allowConsoleErrors(failedLoad({ status: 402, path: '/api/workspaces/convert' })));

test.describe('/subscription with billing off (no Stripe key)', () => {
  test('says this Bree has no online payments, shows the plan every account has, and offers no Upgrade', async ({ page, auth, bree }) => {
    await auth.signUpOverHttp(newAccount('billing-off'));
    await page.goto(`${bree.url}/subscription`);
    await expect(page.getByRole('heading', { name: 'This Bree has no online payments' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText(/Fast calls/);
    await expect(page.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
    // The profile menu carries no billing blocks either: the page's own meter is the only one.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'AI Credit Budget' })).toHaveCount(1);
    await expect(page.getByRole('group', { name: 'Pay-as-you-go' })).toHaveCount(0);
  });

  test("'Please sign in' when signed out", async ({ page, bree }) => {
    await page.goto(`${bree.url}/subscription`);
    await expect(page.getByRole('heading', { name: 'Please sign in' })).toBeVisible();
  });
});

test.describe('/subscription with billing on (the local fake Stripe)', () => {
  test('the landing page shows the plans with their prices, one featured card and its badge', async ({ page, billing: { server } }) => {
    await page.goto(`${server.url}/`);
    const pricing = page.locator('[data-landing-section="pricing"]');
    await expect(pricing.getByRole('heading', { level: 3 })).toHaveText(['Free', 'Pro', 'Pay-as-you-go']);
    const featured = pricing.locator('[data-featured]');
    await expect(featured).toHaveCount(1);
    await expect(featured).toContainText('Pro');
    await expect(featured).toContainText('Beta pricing');
    await expect(pricing).toContainText('$1.00 AI credit, no credit card');
    await expect(pricing).toContainText('$20.00 AI credit per month');
    await expect(page.locator('[data-landing-section="faq"]').getByRole('button', { name: 'What does the free plan include?' })).toBeVisible();
    // The server's HTML sells the same plans, before any script runs (docs/PUBLIC-SITE.md).
    const html = await (await page.request.get(`${server.url}/`)).text();
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
    expect(root).toContain('$20.00 AI credit per month');
    expect(root).toContain('Choose Pro');
    expect(root).not.toContain('Nothing to buy on this server');
  });

  test("Upgrade shows 'Processing...', goes to Stripe's checkout, and /billing/success confirms the paid session", async ({
    page,
    billing: { server, stripe },
  }) => {
    const auth = new AuthPages(page, server);
    await auth.signUpOverHttp(newAccount('billing-on'));
    await page.goto(`${server.url}/subscription`);
    await expect(page.getByRole('heading', { name: 'Current plan: Free' })).toBeVisible();

    // Stripe's hosted page is played by the browser's router; the session id is the URL's last part.
    let checkoutId = '';
    await page.route('https://checkout.stripe.test/**', async (route) => {
      checkoutId = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Pay Bree</h1>' });
    });
    // The checkout call is held until the button has been seen busy, as on a slow connection.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/billing/create-checkout-session', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Pay Bree' })).toBeVisible();
    expect(checkoutId).toMatch(/^cs_/);

    stripe.completeCheckout(checkoutId);
    await page.goto(`${server.url}/billing/success?session_id=${checkoutId}`);
    await expect(page.getByText('Confirming your subscription…')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  });

  test('on a phone the profile menu shows the meter and scrolls within the screen to Sign Out', async ({ page, billing: { server } }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const auth = new AuthPages(page, server);
    await auth.signUpOverHttp(newAccount('billing-phone-meter'));
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('group', { name: 'Calls this period' })).toContainText('0 of 50 Fast calls used');
    await expect(page.getByRole('group', { name: 'Pay-as-you-go' })).toContainText('Comes with Pro');
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await signOut.scrollIntoViewIfNeeded();
    await expect(signOut).toBeInViewport();
  });

  test("the usage report shows this period and downloads the server's CSV", async ({ page, billing: { server } }) => {
    const auth = new AuthPages(page, server);
    await auth.signUpOverHttp(newAccount('billing-usage'));
    await page.goto(`${server.url}/subscription`);
    const period = new Date().toISOString().slice(0, 7);
    await expect(page.getByRole('heading', { name: `Usage for ${period}` })).toBeVisible();
    await expect(page.getByText('No AI calls this period.')).toBeVisible();
    // The page and the profile menu with its billing blocks pass axe (nothing moderate or worse).
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    // One on the page, one in the menu — one meter, the same figures (docs/BILLING.md#the-meter).
    for (const name of ['AI Credit Budget', 'Calls this period', 'Pay-as-you-go']) {
      const groups = page.getByRole('group', { name, exact: true });
      await expect(groups).toHaveCount(2);
      expect(await groups.nth(0).textContent()).toBe(await groups.nth(1).textContent());
    }
    await expect(page.getByRole('group', { name: 'Calls this period' }).first()).toContainText('0 of 50 Fast calls used');
    const axe = await new AxeBuilder({ page }).disableRules(['region']).analyze();
    expect(
      axe.violations
        .filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact ?? ''))
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`bree-usage-${period}.csv`);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text.split(/\r?\n/)[0]).toBe(BILLING_USAGE_CSV_HEADER);
  });

  test('after the webhook the profile says PRO; a failed payment shows the banner, whose Update Payment opens the portal and which can be dismissed', async ({
    page,
    billing,
  }) => {
    const { server, stripe } = billing;
    await new AuthPages(page, server).signUpOverHttp(newAccount('billing-banner'));
    const customer = await becomePro(page, billing);

    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByText('PRO', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Pay-as-you-go' })).toBeVisible();
    await page.keyboard.press('Escape');

    await deliverStripeEvent(billing, stripe.event('invoice.payment_failed', { id: 'in_failed_1', object: 'invoice', customer }));
    await page.reload();
    await expect(page.getByText('Payment failed - please update your billing information')).toBeVisible();
    await page.route('https://billing.stripe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe portal</h1>' }));
    await page.getByRole('button', { name: 'Update Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Stripe portal' })).toBeVisible();

    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('Payment failed - please update your billing information')).toHaveCount(0);
    await page.reload();
    // The badge shows once the status has arrived: only then is the banner's absence telling.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByText('PRO', { exact: true })).toBeVisible();
    await expect(page.getByText('Payment failed - please update your billing information')).toHaveCount(0);
  });

  test('on Free, Convert to workspace says workspaces come with Pro, and its Upgrade opens the plans', async ({ page, billing: { server } }) => {
    const auth = new AuthPages(page, server);
    await auth.signUpOverHttp(newAccount('billing-workspace'));
    await callApi(page, 'POST', '/files/create', { filePath: 'Launch notes.txt', content: 'Plans for the launch.' });
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'More actions for Launch notes' }).click();
    await page.getByRole('menuitem', { name: 'Convert to workspace' }).click();
    await page.getByRole('dialog', { name: 'Convert to workspace' }).getByRole('button', { name: 'Standard Workspace' }).click();
    const refusal = page.locator('[role="status"], [role="alert"]').filter({ hasText: 'Failed to create workspace: Workspaces come with the Pro plan.' });
    await expect(refusal).toBeVisible();
    await refusal.getByRole('button', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(`${server.url}/subscription`);
    await expect(page.getByRole('heading', { name: 'Current plan: Free' })).toBeVisible();
    // The document is still an ordinary one.
    await page.goto(`${server.url}/app`);
    await expect(page.getByRole('listitem').filter({ hasText: 'Launch notes' }).getByRole('img', { name: 'Workspace' })).toHaveCount(0);
  });

  test('the success page without a session_id says so', async ({ page, billing: { server } }) => {
    await page.goto(`${server.url}/billing/success`);
    await expect(page.getByRole('heading', { name: 'No checkout session found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to Editor' })).toBeVisible();
  });
});
