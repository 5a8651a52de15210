import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/web/e2e/fixtures/chromium';

/** Debian's Chromium with the browser tests' flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Signs a fresh account up through Bree's real sign-up page and lands in /app. */
export async function signUpFresh(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByLabel('Email').fill(`bench-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('bench password long');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${url}/app`);
}
