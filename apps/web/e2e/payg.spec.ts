import { callApi } from './fixtures/api';
import { openDoc, selectParagraph, suggestionCard } from './fixtures/assistant';
import { becomePro, expect, makeCalls, newAccount, test, AuthPages } from './fixtures/billing';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

// Provoked on purpose (fixtures/console-watch.ts): The writer is refused at the cap (402) on purpose before turning pay-as-you-go on.
test.use(allowConsoleErrors(failedLoad({ status: 402, path: '/api/ai/operations' })));

/**
 * docs/BILLING.md#pay-as-you-go, #refusals and #notices: no surprise charges, in Chromium with the
 * local Stripe stand-in and the fake AI provider, on real usage (calls made over HTTP, counted by Bree).
 */
test('a Pro writer warned at 80 % of Premium, refused at the cap with pay-as-you-go off, turns it on with a limit and the call runs, billed', async ({
  page,
  billing,
}) => {
  const { server, ai } = billing;
  await new AuthPages(page, server).signUpOverHttp(newAccount('payg-journey'));
  await becomePro(page, billing);
  const fileId = await openDoc(page, server);
  await callApi(page, 'POST', '/ai-provider/set', { fileId, provider: 'premium' });
  // The calls that use the plan up run on a document of their own: their results are not offered on this one.
  const { file: filler } = await callApi<{ file: { id: string } }>(page, 'POST', '/files/create', {
    filePath: 'Earlier drafts.txt',
    content: 'Rough draft sentence here.',
  });

  // 200 of the 250 Premium calls: the 80 % notice, whole and reachable on a phone, dismissed once a period.
  await makeCalls(page, { fileId: filler.id, tier: 'premium', count: 200 });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${server.url}/app`);
  const eighty = page.getByRole('status').filter({ hasText: "You've used 200 of this month's 250 Premium calls." });
  await expect(eighty).toBeVisible();
  await expect(eighty.getByRole('link', { name: 'View Usage' })).toBeInViewport();
  await eighty.getByRole('button', { name: 'Dismiss usage notice' }).click();
  await expect(eighty).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  await expect(page.getByText("You've used 200 of this month's 250 Premium calls.")).toHaveCount(0);

  // The cap: the next Premium call is refused in place, with the price per call and the way on.
  await makeCalls(page, { fileId: filler.id, tier: 'premium', count: 50 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/app/${fileId}`);
  await selectParagraph(page);
  await page.getByRole('button', { name: 'Enhance' }).click();
  const refusal = suggestionCard(page).getByTestId('budget-refusal');
  await expect(refusal).toContainText('Premium calls for this month are used up — Fast still has 1,000 left');
  await expect(refusal).toContainText('Turn on pay-as-you-go to keep going: about $0.01 a call, up to a spending limit you set.');
  await expect(page.getByText('Premium calls for this month are used up', { exact: false })).toHaveCount(1);
  await refusal.getByRole('link', { name: 'Turn on pay-as-you-go' }).click();

  await page.waitForURL(`${server.url}/subscription`);
  const toggle = page.getByRole('switch', { name: 'Pay-as-you-go' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Off — AI calls stop when the Pro credit or a call cap is used up.')).toBeVisible();
  await toggle.click();
  await page.getByLabel('Spending limit (USD a month)').fill('5');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('On — up to $5.00 this month; $0.00 used so far.')).toBeVisible();

  // The same action now runs on Premium, billed pay-as-you-go.
  const premiumBefore = ai.requests.filter((r) => r.protocol === 'anthropic').length;
  await page.goto(`${server.url}/app/${fileId}`);
  await selectParagraph(page);
  await page.getByRole('button', { name: 'Enhance' }).click();
  await expect(suggestionCard(page).getByRole('tab', { name: 'Enhanced' })).toBeVisible();
  expect(ai.requests.filter((r) => r.protocol === 'anthropic').length).toBe(premiumBefore + 1);
  await expect
    .poll(async () => (await callApi<{ payAsYouGo: { accumulatedCalls: number } }>(page, 'GET', '/billing/budget')).payAsYouGo.accumulatedCalls)
    .toBe(1);

  // Pay-as-you-go has begun: the one notice says so, from the server's own figures, and no second warning stands beside it.
  await page.goto(`${server.url}/app`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Pay-as-you-go has begun: calls now cost about $0.01 each, up to your $5.00 limit ($0.01 so far).' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /usage limit|Pay-as-you-go has begun|You've used/ })).toHaveCount(1);

  // One meter: /subscription, the profile menu and the usage report agree on the period's figures.
  await page.goto(`${server.url}/subscription`);
  await expect(page.getByText('On — up to $5.00 this month; $0.01 used so far.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Per day' })).toBeVisible();
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  for (const name of ['AI Credit Budget', 'Calls this period', 'Pay-as-you-go']) {
    const groups = page.getByRole('group', { name, exact: true });
    await expect(groups).toHaveCount(2);
    expect(await groups.nth(0).textContent()).toBe(await groups.nth(1).textContent());
  }
  const calls = page.getByRole('group', { name: 'Calls this period' }).first();
  await expect(calls).toContainText('0 of 1,000 Fast calls used');
  await expect(calls).toContainText('250 of 250 Premium calls used');
  const payg = page.getByRole('group', { name: 'Pay-as-you-go' }).first();
  await expect(payg).toContainText('$0.01 of $5.00 limit spent (1 calls)');
  await page.keyboard.press('Escape');
  // The report's total calls (both tables) are the meter's Fast + Premium + pay-as-you-go calls, read off the meter.
  const meter = `${await calls.textContent()} ${await payg.textContent()}`;
  const figure = (pattern: RegExp) => Number((pattern.exec(meter)?.[1] ?? 'NaN').replace(/,/g, ''));
  const meterCalls = figure(/([\d,]+) of [\d,]+ Fast calls used/) + figure(/([\d,]+) of [\d,]+ Premium calls used/) + figure(/\(([\d,]+) calls\)/);
  expect(meterCalls).toBe(251);
  for (const caption of ['Per day', 'Per document']) {
    const total = page.getByRole('table', { name: caption }).getByRole('row').filter({ hasText: 'Total' });
    await expect(total.getByRole('cell').nth(1)).toHaveText(String(meterCalls));
  }
});
