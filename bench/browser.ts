import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/web/e2e/fixtures/chromium';

/** Debian's Chromium with the browser tests' flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** The password of every account a benchmark makes. */
const BENCH_PASSWORD = 'bench password long';

/** Signs a fresh account up through Bree's real sign-up page and lands in /app. */
export async function signUpFresh(page: Page, url: string, email = `bench-${Date.now()}@example.com`): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${url}/app`);
}

/** Signs an account made by signUpFresh in again, through the landing's 'Sign in' and the sign-in page. */
export async function signInAgain(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/app`);
}

/**
 * Starts measuring keys on the page: for each key event, the time to the first frame painted
 * after it (the paint follows the rAF callback; a message posted there runs right after it).
 * Each call starts a new series; the listener is added once per page.
 */
export async function startKeyLatency(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __latListening?: boolean };
    w.__lat = [];
    if (w.__latListening) return;
    w.__latListening = true;
    document.addEventListener(
      'keydown',
      (e) => {
        const t0 = e.timeStamp;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => w.__lat.push(performance.now() - t0);
          ch.port2.postMessage(0);
        });
      },
      true,
    );
  });
}

/** The 95th percentile of the key latencies measured since startKeyLatency (ms). */
export async function keyLatencyP95(page: Page): Promise<number> {
  const lat = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
  const sorted = [...lat].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)]!;
}

/** Creates a document over Bree's API as the page's signed-in writer; answers its id. */
export function createDocumentOverHttp(page: Page, input: { filePath: string; content: unknown }): Promise<string> {
  return page.evaluate(async ({ filePath, content }) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const token = JSON.parse(localStorage.getItem(key)!).access_token as string;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-tenant-id': localStorage.getItem('currentTenant')! };
    const answer = await fetch('/api/files/create', { method: 'POST', headers, body: JSON.stringify({ filePath, content }) });
    return ((await answer.json()) as { file: { id: string } }).file.id;
  }, input);
}
