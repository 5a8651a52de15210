import { readFileSync } from 'node:fs';
import { callApi } from './fixtures/api';
import { expect, newAccount, test, AuthPages } from './fixtures/billing';

/** Issue 37 "every screen readable": the usage page within reach, banners whole on a phone, documents named. */
test('with billing off, the profile menu leads to the usage page', async ({ page, auth, bree }) => {
  await auth.signUpOverHttp(newAccount('usage-link'));
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('link', { name: 'Usage' }).click();
  await page.waitForURL(`${bree.url}/subscription`);
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText(/fast calls/i);
});

test.describe('with billing on (the local Stripe stand-in)', () => {
  test('on a 360 px phone the payment banner wraps whole; the usage table and CSV name documents, a deleted one too', async ({ page, billing: { server } }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await new AuthPages(page, server).signUpOverHttp(newAccount('readable'));

    // One AI call on each of two documents, then one of them is deleted.
    const files: { id: string; filePath: string }[] = [];
    for (const filePath of ['Kept chapter.txt', 'Scrapped draft.txt']) {
      const { file } = await callApi<{ file: { id: string; filePath: string } }>(page, 'POST', '/files/create', {
        filePath,
        content: 'Rough draft sentence here.',
      });
      files.push(file);
      await callApi(page, 'POST', '/ai/operations', { fileId: file.id, action: 'enhance', selection: { text: 'Rough draft sentence here.', nodeIds: ['n1'] } });
    }
    await expect.poll(async () => (await callApi<{ documents: unknown[] }>(page, 'GET', '/billing/usage')).documents.length).toBe(2);
    await callApi(page, 'POST', '/files/delete', { filePath: files[1]!.filePath });

    // A failed payment (the status as the server reports it after invoice.payment_failed): the sentence wraps, nothing is cut off.
    await page.route('**/api/billing/subscription-status', (route) =>
      route.fulfill({ json: { planType: 'PRO', status: 'grace_period', stripeCustomerId: 'cus_readable', currentPeriodEnd: null, cancelAtPeriodEnd: false } }),
    );
    await page.goto(`${server.url}/app`);
    const banner = page.getByRole('alert').filter({ hasText: 'Payment failed' });
    const sentence = banner.getByText('Payment failed - please update your billing information');
    await expect(sentence).toBeVisible();
    expect(await sentence.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(banner.getByRole('button', { name: 'Update Payment' })).toBeInViewport({ ratio: 1 });
    await expect(banner.getByRole('button', { name: 'Dismiss' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto(`${server.url}/subscription`);
    const perDocument = page.getByRole('table', { name: 'Per document' });
    await expect(perDocument.getByRole('link', { name: 'Kept chapter' })).toBeVisible();
    await expect(perDocument.getByText('Deleted document')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const lines = readFileSync(await (await download).path(), 'utf8').split(/\r?\n/);
    expect(lines.filter((l) => l.startsWith('document,')).map((l) => l.split(',')[1])).toEqual(expect.arrayContaining(['Kept chapter', 'deleted document']));
    expect(lines.join('\n')).not.toContain(files[0]!.id);
  });
});
