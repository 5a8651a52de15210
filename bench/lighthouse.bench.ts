// Lighthouse in mobile emulation (its default) on the landing page, a shared document and a blog post, in
// Debian's Chromium: performance, accessibility, best practices and SEO (target ≥ 95 each). The
// baseline is the same audit of a minimal valid page served from this machine in the same run.
// Lighthouse's CLI is fetched by npx at its pinned version on first use: it needs a newer Node.js
// than Bree itself, so it stays out of the project's install.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startBree, removeDataDir, verifyEmail, type BreeServer } from '../apps/web/e2e/fixtures/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROME_PATH } from '../apps/web/e2e/fixtures/chromium';
import { launchChromium, signInAgain, signUpFresh } from './browser';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number> & { holdingBack: string[] };

const BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title><meta name="description" content="A minimal page measured beside Bree's pages."></head><body><main><h1>Baseline</h1><p>One paragraph of text.</p></main></body></html>`;

const LIGHTHOUSE = 'lighthouse@13.5.0';

interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { score: number | null; title: string; displayValue?: string } | undefined>;
}

/** Runs Lighthouse's CLI (mobile emulation, its default) on one URL and answers its report. */
function runLighthouse(url: string): Promise<LighthouseResult> {
  const args = ['-y', LIGHTHOUSE, url, '--output=json', '--output-path=stdout', '--quiet', `--only-categories=${CATEGORIES.join(',')}`];
  args.push(`--chrome-flags=${[...CHROMIUM_ARGS, '--headless=new'].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as LighthouseResult) : reject(new Error(`Lighthouse exited ${code} on ${url}`))));
  });
}

async function audit(url: string): Promise<Scores> {
  // Lighthouse itself sometimes fails to record a page load ('NO_NAVSTART', 'please run again'): once more then.
  const { categories, audits } = await runLighthouse(url).catch(() => runLighthouse(url));
  // What keeps a category from full marks: the audits with a weight that did not pass.
  const holdingBack = CATEGORIES.flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${c}: ${audits[ref.id]?.title ?? ref.id}${audits[ref.id]?.displayValue ? ` (${audits[ref.id]?.displayValue})` : ''}`),
  );
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
  return { ...scores, holdingBack } as Scores;
}

const TEXT = 'The harbour at dawn\n\nBoats leave one by one while the town is still asleep, and the water holds the light a little longer than the sky.';

/** Runs `body` in a page signed in as the writer (a fresh sign-up, or `signIn` an existing one), with an API caller. */
async function asWriter<T>(url: string, email: string, how: 'sign-up' | 'sign-in', body: (page: Page) => Promise<T>): Promise<T> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    if (how === 'sign-up') await signUpFresh(page, url, email);
    else await signInAgain(page, url, email);
    return await body(page);
  } finally {
    await browser.close();
  }
}

/** Calls Bree's API from the signed-in page, with the token and tenant the web app keeps. */
function callApi<T>(page: Page, path: string, payload: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, payload }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
      const token = (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
      const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': localStorage.getItem('currentTenant') ?? '', 'content-type': 'application/json' };
      const answer = await fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(payload) });
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
    { path, payload },
  ) as Promise<T>;
}

/**
 * The writer (named in ADMIN_EMAILS) makes a document and shares it; then, the address verified as
 * an operator would (`npm run verify-email`, Bree stopped) and Bree started again with the writer as
 * PUBLISHING_TENANT, publishes it on the blog. Answers the share's and the post's addresses.
 */
async function shareAndPublish(first: BreeServer, email: string): Promise<{ bree: BreeServer; shareUrl: string; postUrl: string }> {
  const made = await asWriter(first.url, email, 'sign-up', async (page) => {
    const { file } = await callApi<{ file: { id: string } }>(page, '/files/create', { filePath: 'The harbour at dawn', content: TEXT });
    const { shareUrl } = await callApi<{ shareUrl: string }>(page, '/shares/create', { fileId: file.id });
    return { fileId: file.id, shareUrl, tenantId: await page.evaluate(() => localStorage.getItem('currentTenant') ?? '') };
  });
  await first.stop();
  verifyEmail(first.dataDir, email);
  const bree = await startBree({ dataDir: first.dataDir, port: first.port, env: { ADMIN_EMAILS: email, PUBLISHING_TENANT: made.tenantId } });
  const draft = { title: 'The harbour at dawn', slug: 'the-harbour-at-dawn', excerpt: 'Boats, a sleeping town and the light on the water.', category: 'blog' };
  await asWriter(bree.url, email, 'sign-in', (page) => callApi(page, `/admin/publishing/documents/${made.fileId}/publish`, draft));
  return { bree, shareUrl: made.shareUrl.replace(/^https?:\/\/[^/]+/, bree.url), postUrl: `${bree.url}/blog/${draft.slug}` };
}

function print(name: string, scores: Scores, baseline: Scores): void {
  for (const c of CATEGORIES) {
    const ratio = scores[c] / Math.max(baseline[c], 1);
    console.log(`${name} ${c}: ${scores[c]} vs baseline ${baseline[c]} → ratio ${ratio.toFixed(2)}× (target ≥ 95)`);
  }
  for (const line of scores.holdingBack) console.log(`  held back by ${line}`);
}

const email = `lighthouse-${Date.now()}@example.com`;
let bree = await startBree({ env: { ADMIN_EMAILS: email } });
const baselineServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BASELINE_HTML));
await new Promise<void>((resolve) => baselineServer.listen(0, '127.0.0.1', resolve));
try {
  const baseline = await audit(`http://127.0.0.1:${(baselineServer.address() as AddressInfo).port}/`);
  const published = await shareAndPublish(bree, email);
  bree = published.bree;
  print('Landing page', await audit(`${bree.url}/`), baseline);
  print('Shared document', await audit(published.shareUrl), baseline);
  print('Blog post', await audit(published.postUrl), baseline);
} finally {
  baselineServer.close();
  await bree.stop();
  removeDataDir(bree.dataDir);
}
