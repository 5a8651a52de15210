import type { Locator, Page } from '@playwright/test';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from '../../server/test/fakes/fake-ai-provider';
import { test, expect, newAccount, AuthPages, ORIGINAL, openDoc, selectParagraph } from './fixtures/assistant';
import { expectAccessible } from './fixtures/axe';
import { startBree, removeDataDir, verifyEmail, type BreeServer } from './fixtures/server';

const NOT_SET_UP = 'AI is not set up on this server';

/** An AI button shown as unavailable, as on a server without a provider: disabled and described by the reason. */
async function expectUnavailable(button: Locator): Promise<void> {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription(NOT_SET_UP);
}

/** The selection menu's Enhance for the paragraph holding ORIGINAL. */
async function enhanceButton(page: Page): Promise<Locator> {
  await selectParagraph(page);
  return page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' });
}

test('an administrator switches AI off for the installation: a writer’s Enhance shows not available, and the audit log lists the change', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = newAccount('switch-admin');
  let fake: FakeAiProvider | null = null;
  const servers: BreeServer[] = [];
  try {
    fake = await startFakeAiProvider();
    const env = { ...fakeAiEnv(fake), ADMIN_EMAILS: admin.email };
    const first = await startBree({ env });
    servers.push(first);
    await new AuthPages(page, first).signUpOverHttp(admin);
    await new AuthPages(page, first).signOut();
    // The page leaves before Bree stops; the address is verified as an operator would, Bree stopped.
    await page.goto('about:blank');
    await first.stop();
    expect(verifyEmail(first.dataDir, admin.email)).toContain(`The email ${admin.email} is now verified.`);
    const bree = await startBree({ dataDir: first.dataDir, port: first.port, env });
    servers.push(bree);

    // A writer in another browser, with AI working.
    const writerContext = await browser.newContext();
    const writer = await writerContext.newPage();
    await new AuthPages(writer, bree).signUpOverHttp(newAccount('switch-writer'));
    await openDoc(writer, bree);
    await expect(await enhanceButton(writer)).not.toHaveAttribute('aria-disabled', 'true');

    await new AuthPages(page, bree).signInOverHttp(admin, '/admin');
    const assistant = page.getByRole('switch', { name: 'AI assistant' });
    await expect(assistant).toHaveAttribute('aria-checked', 'true');
    await expectAccessible(page, 'the Dashboard with the AI switch');
    await assistant.click();
    await expect(assistant).toHaveAttribute('aria-checked', 'false');
    // Its parts wait while the whole assistant is off; the Dashboard's models say so.
    await expect(page.getByRole('switch', { name: 'Premium tier' })).toBeDisabled();
    await expect(page.getByText(/ · Not set up$/)).toHaveCount(2);

    // The writer opens a document: Enhance shows the same plain state as on a server without a provider.
    await openDoc(writer, bree, ['Another intro.', ORIGINAL]);
    await expectUnavailable(await enhanceButton(writer));
    await expectUnavailable(writer.getByRole('button', { name: 'Assistant', exact: true }));
    await writerContext.close();

    await page.getByRole('complementary', { name: 'Admin sidebar' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const row = page.getByRole('region', { name: 'Audit entries' }).getByRole('row').nth(1);
    await expect(row).toContainText('Changed the AI switch');
    await expect(row).toContainText(admin.email);
    await expect(row).toContainText('Off: AI assistant');
    await expectAccessible(page, 'the audit log');

    // On again from the Dashboard: the log's newest entry says everything is on.
    await page.getByRole('complementary', { name: 'Admin sidebar' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('switch', { name: 'AI assistant' }).click();
    await expect(page.getByRole('switch', { name: 'AI assistant' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('complementary', { name: 'Admin sidebar' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('region', { name: 'Audit entries' }).getByRole('row').nth(1)).toContainText('Everything on');
    await page.goto('about:blank');
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    if (servers[0]) removeDataDir(servers[0].dataDir);
    await fake?.close();
  }
});
