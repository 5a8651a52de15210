// Time until /app is usable on a warm cache (target under 1 s): navigation to the document list
// showing 'Create new document' with its rows loaded, for a signed-in writer, in Debian's Chromium.
// Baseline: the same navigation to a minimal page served from this machine in the same run.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startBree, removeDataDir } from '../apps/web/e2e/fixtures/server';
import { launchChromium, signUpFresh } from './browser';

const RUNS = Number(process.env.BENCH_APP_START_RUNS ?? 7);

async function timed(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const started = performance.now();
  await page.goto(url);
  await ready(page);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const bree = await startBree();
const baselineServer = http.createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Baseline</title><main><h1>Baseline</h1></main>'),
);
await new Promise<void>((resolve) => baselineServer.listen(0, '127.0.0.1', resolve));
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await signUpFresh(page, bree.url);
  const listReady = async (p: Page) => {
    await p.getByRole('button', { name: 'Create new document' }).waitFor();
    await p.getByText('Loading…').waitFor({ state: 'detached' });
  };
  // One load to warm the cache (and the service worker), then the measured ones.
  await timed(page, `${bree.url}/app`, listReady);
  const app: number[] = [];
  for (let i = 0; i < RUNS; i++) app.push(await timed(page, `${bree.url}/app`, listReady));
  const baselineUrl = `http://127.0.0.1:${(baselineServer.address() as AddressInfo).port}/`;
  const base: number[] = [];
  for (let i = 0; i < RUNS; i++) base.push(await timed(page, baselineUrl, (p) => p.getByRole('heading', { name: 'Baseline' }).waitFor()));
  const value = median(app);
  const baseline = median(base);
  console.log(
    `/app usable (warm cache, median of ${RUNS}): ${value.toFixed(0)} ms vs baseline ${baseline.toFixed(0)} ms → ratio ${(value / baseline).toFixed(2)}× (target under 1000 ms)`,
  );
} finally {
  await browser.close();
  baselineServer.close();
  await bree.stop();
  removeDataDir(bree.dataDir);
}
