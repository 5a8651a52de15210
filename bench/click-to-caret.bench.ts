// Click to caret on a warm cache (issue 43 item 6, target under 300 ms): from a click on a document in
// the list to a caret in its text — the editor route's chunks from the browser's cache, the document
// fetched, its text painted, then a click into the text and the caret there, as a writer does. Timed
// inside the page from the events' own time stamps to the frame after (not the driver's round trips).
// Baseline, in the same Chromium run: the same two clicks on a minimal page of this machine whose link
// shows an editable text at once (what the browser itself takes for a click, a paint and a caret).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { startBree, removeDataDir } from '../apps/web/e2e/fixtures/server';
import { createDocumentOverHttp, launchChromium, signUpFresh } from './browser';
import { report } from './lib';

const RUNS = Number(process.env.BENCH_CLICK_TO_CARET_RUNS ?? 9);
const TITLE = 'Harbour notes';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** About 1,000 words in 10 paragraphs: a document of the size writers open most. */
function doc() {
  const sentence = 'The ferry left late that morning, and the harbour was grey with rain while the gulls circled the pier. ';
  const content = Array.from({ length: 10 }, () => ({ type: 'paragraph', content: [{ type: 'text', text: sentence.repeat(5).trim() }] }));
  return { type: 'doc', content };
}

type Timings = { clicked?: number; shown?: number; pressed?: number; caret?: number };

/**
 * Watches the next click (its time stamp), the first frame painted with `textSelector` on screen,
 * then the press into that text and the first frame after the caret is in it.
 */
function watch(page: Page, textSelector: string): Promise<void> {
  return page.evaluate((sel) => {
    const t: Timings = {};
    (window as unknown as { __caret: Timings }).__caret = t;
    const afterPaint = (set: (now: number) => void) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => set(performance.now());
        channel.port2.postMessage(0);
      });
    document.addEventListener('click', (e) => (t.clicked = e.timeStamp), { capture: true, once: true });
    const poll = () => {
      if (t.clicked !== undefined && document.querySelector(sel)) afterPaint((now) => (t.shown = now));
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
    document.addEventListener(
      'mousedown',
      (e) => {
        if (t.shown === undefined) return;
        t.pressed = e.timeStamp;
        const onSelection = () => {
          const text = document.querySelector(sel)?.closest('[contenteditable="true"]');
          const s = window.getSelection();
          if (!text || !s?.isCollapsed || !s.anchorNode || !text.contains(s.anchorNode) || !text.contains(document.activeElement)) return;
          document.removeEventListener('selectionchange', onSelection);
          afterPaint((now) => (t.caret = now));
        };
        document.addEventListener('selectionchange', onSelection);
      },
      { capture: true },
    );
  }, textSelector);
}

/** The two parts of each Bree measure: click → text painted, press → caret painted. */
const parts: Array<[number, number]> = [];

/** One measure (ms): click on `link` → text painted, plus press in the text → caret painted. */
async function clickToCaret(page: Page, link: Locator, textSelector: string): Promise<number> {
  await watch(page, textSelector);
  await link.click();
  await page.waitForFunction(() => (window as unknown as { __caret: Timings }).__caret.shown !== undefined);
  await page
    .locator(textSelector)
    .first()
    .click({ position: { x: 30, y: 8 } });
  await page.waitForFunction(() => (window as unknown as { __caret: Timings }).__caret.caret !== undefined);
  const t = await page.evaluate(() => (window as unknown as { __caret: Required<Timings> }).__caret);
  parts.push([t.shown - t.clicked, t.caret - t.pressed]);
  return t.shown - t.clicked + (t.caret - t.pressed);
}

const bree = await startBree();
const baselineServer = http.createServer((_req, res) => {
  const body =
    '<!doctype html><title>List</title><main><a href="/text">Harbour notes</a></main><script>' +
    "document.querySelector('a').addEventListener('click', (e) => { e.preventDefault(); history.pushState(null, '', '/text');" +
    ' document.querySelector(\'main\').innerHTML = \'<div contenteditable="true"><p id="text">The ferry left late that morning.</p></div>\'; });</script>';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
});
await new Promise<void>((resolve) => baselineServer.listen(0, '127.0.0.1', resolve));
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript('window.__name = (fn) => fn');
  const page = await context.newPage();
  await signUpFresh(page, bree.url);
  await createDocumentOverHttp(page, { filePath: TITLE, content: doc() });

  const link = page.getByRole('link', { name: TITLE, exact: true });
  const openList = async () => {
    await page.goto(`${bree.url}/app`);
    await link.waitFor();
    // A writer reads the list before choosing: what it fetches once shown has arrived.
    await page.waitForLoadState('networkidle');
  };
  const text = '[data-testid="editor"] p';
  // The first opening fills the cache (the editor's chunks, then those fetched just after it shows).
  await openList();
  await clickToCaret(page, link, text);
  await page.waitForLoadState('networkidle');
  const measured: number[] = [];
  parts.length = 0;
  for (let i = 0; i < RUNS; i++) {
    await openList();
    measured.push(await clickToCaret(page, link, text));
  }
  const split = { shown: median(parts.map((p) => p[0])), caret: median(parts.map((p) => p[1])) };

  const baseUrl = `http://127.0.0.1:${(baselineServer.address() as AddressInfo).port}/`;
  const base: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    await page.goto(baseUrl);
    const took = await clickToCaret(page, page.getByRole('link', { name: TITLE }), '#text');
    if (i > 0) base.push(took); // the first fills the cache
  }

  console.log(
    `click to caret, ${RUNS} runs each: Bree ${measured.map((v) => v.toFixed(0)).join(', ')} ms; baseline ${base.map((v) => v.toFixed(0)).join(', ')} ms`,
  );
  console.log(`Bree's medians: click → text painted ${split.shown.toFixed(0)} ms, press in the text → caret painted ${split.caret.toFixed(0)} ms`);
  report('click on a document in the list to a caret in its text (median, warm cache)', median(measured), median(base), 'ms', 'under 300 ms');
} finally {
  await browser.close();
  await bree.stop();
  removeDataDir(bree.dataDir);
  baselineServer.close();
}
