// Typing while Checks run (docs/CHECKS.md): p95 keystroke-to-next-paint in a 50,000-word draft with
// the Checks panel open, typed in bursts so that the checks run again (300 ms after the last key)
// while the next burst is typed, against the same typing with the panel closed, in the same Chromium
// run (target: one frame, 16.7 ms, beside what the baseline itself takes on this machine).
import type { Page } from 'playwright-core';
import { startBree, removeDataDir } from '../apps/web/e2e/fixtures/server';
import { createDocumentOverHttp, keyLatencyP95, launchChromium, signUpFresh, startKeyLatency } from './browser';
import { report } from './lib';

const BURSTS = 8;
const KEYS_PER_BURST = 20;
/** Longer than the panel's 300 ms pause, so each burst starts while a run of the checks is under way. */
const PAUSE_MS = 340;

const SENTENCES = [
  'The ferry left late that morning, and the harbour was grey with rain.',
  'At the end of the day the town was very quiet and the gulls were really loud over the wall.',
  'The letters were carried to the pier by the children, who perhaps thought that nobody would notice them at all.',
  'She walked slowly and carefully along the harbour road, quietly counting the boats that had come back.',
  'Nobody spoke of the storm.',
  'It seems that the mayor kept checking his watch while the bell rang and the market closed and the lamps were lit one by one along the long road to the church on the hill above the bay.',
];

/** About 50,000 words: 500 paragraphs of about 100 words, with the kinds of things Checks find. */
function doc() {
  const content = [];
  for (let i = 0; i < 500; i++) {
    const text: string[] = [];
    for (let j = 0; j < 6; j++) text.push(SENTENCES[(i + j) % SENTENCES.length]!);
    content.push({ type: 'paragraph', content: [{ type: 'text', text: text.join(' ') }] });
  }
  return { type: 'doc', content };
}

/** p95 from keydown to the frame after it, over every key of every burst. */
async function typeInBursts(page: Page): Promise<number> {
  await startKeyLatency(page);
  for (let burst = 0; burst < BURSTS; burst++) {
    for (let i = 0; i < KEYS_PER_BURST; i++) {
      await page.keyboard.press(i % 6 === 5 ? 'Space' : 'KeyA');
      await page.waitForTimeout(15);
    }
    await page.waitForTimeout(PAUSE_MS);
  }
  return keyLatencyP95(page);
}

const server = await startBree({});
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript('window.__name = (fn) => fn');
  const page = await context.newPage();
  await signUpFresh(page, server.url);
  const fileId = await createDocumentOverHttp(page, { filePath: 'Checks typing', content: doc() });

  await page.goto(`${server.url}/app/${fileId}`);
  const editor = page.getByTestId('editor');
  await editor.locator('p').first().waitFor({ timeout: 30_000 });
  const caretInSecondParagraph = () =>
    editor
      .locator('p')
      .nth(1)
      .click({ position: { x: 20, y: 10 } });
  await caretInSecondParagraph();
  const closed = await typeInBursts(page);

  await page.getByRole('button', { name: 'Check my draft' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Checks' });
  await panel.getByTestId('checks-summary').waitFor({ timeout: 60_000 });
  await editor.locator('.bree-check-local').first().waitFor({ timeout: 60_000 });
  const drawn = await editor.locator('.bree-check-local').count();
  await caretInSecondParagraph();
  const open = await typeInBursts(page);
  if (!(await panel.isVisible())) throw new Error('the Checks panel closed while typing');

  const listed = await panel.getByTestId('checks-summary').innerText();
  console.log(`50,000 words: ${listed.split('\n')[0]}; ${drawn} drawn in the text near the screen`);
  report('p95 keystroke-to-next-paint, Checks open and running between bursts', open, closed, 'ms', 'one frame, 16.7 ms');
  console.log(`  (against one frame: ${(open / 16.7).toFixed(2)}×)`);
} finally {
  await browser.close();
  await server.stop();
  removeDataDir(server.dataDir);
}
