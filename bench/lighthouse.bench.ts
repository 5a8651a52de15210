// Lighthouse in mobile emulation (its default) on the landing page and a shared document, in
// Debian's Chromium: performance, accessibility, best practices and SEO (target ≥ 95 each). The
// baseline is the same audit of a minimal valid page served from this machine in the same run.
// Lighthouse's CLI is fetched by npx at its pinned version on first use: it needs a newer Node.js
// than Bree itself, so it stays out of the project's install.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBree, removeDataDir } from '../apps/web/e2e/fixtures/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROME_PATH } from '../apps/web/e2e/fixtures/chromium';
import { launchChromium, signUpFresh } from './browser';

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
  const { categories, audits } = await runLighthouse(url);
  // What keeps a category from full marks: the audits with a weight that did not pass.
  const holdingBack = CATEGORIES.flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${c}: ${audits[ref.id]?.title ?? ref.id}${audits[ref.id]?.displayValue ? ` (${audits[ref.id]?.displayValue})` : ''}`),
  );
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
  return { ...scores, holdingBack } as Scores;
}

/** A document with a public link, made through the real sign-up and API. */
async function sharedDocumentUrl(url: string): Promise<string> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await signUpFresh(page, url);
    return await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
      const token = (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
      const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': localStorage.getItem('currentTenant') ?? '', 'content-type': 'application/json' };
      const text = 'The harbour at dawn\n\nBoats leave one by one while the town is still asleep, and the water holds the light a little longer than the sky.';
      const created = await fetch('/api/files/create', { method: 'POST', headers, body: JSON.stringify({ filePath: 'The harbour at dawn', content: text }) });
      const { file } = (await created.json()) as { file: { id: string } };
      const shared = await fetch('/api/shares/create', { method: 'POST', headers, body: JSON.stringify({ fileId: file.id }) });
      return ((await shared.json()) as { shareUrl: string }).shareUrl;
    });
  } finally {
    await browser.close();
  }
}

function print(name: string, scores: Scores, baseline: Scores): void {
  for (const c of CATEGORIES) {
    const ratio = scores[c] / Math.max(baseline[c], 1);
    console.log(`${name} ${c}: ${scores[c]} vs baseline ${baseline[c]} → ratio ${ratio.toFixed(2)}× (target ≥ 95)`);
  }
  for (const line of scores.holdingBack) console.log(`  held back by ${line}`);
}

const bree = await startBree();
const baselineServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BASELINE_HTML));
await new Promise<void>((resolve) => baselineServer.listen(0, '127.0.0.1', resolve));
try {
  const baseline = await audit(`http://127.0.0.1:${(baselineServer.address() as AddressInfo).port}/`);
  const shareUrl = (await sharedDocumentUrl(bree.url)).replace(/^https?:\/\/[^/]+/, bree.url);
  print('Landing page', await audit(`${bree.url}/`), baseline);
  print('Shared document', await audit(shareUrl), baseline);
} finally {
  baselineServer.close();
  await bree.stop();
  removeDataDir(bree.dataDir);
}
