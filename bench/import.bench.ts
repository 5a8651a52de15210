// Import benchmark: converting a 1 MB DOCX in the Web Worker and ten 100 KB Markdown files in
// the browser (target: the DOCX under 2 s), each against the same text imported as plain
// .txt in the same Chromium run. Uses the /api-test page's conversion timer (no saving).
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { Page } from 'playwright-core';
import { removeDataDir, startBree } from '../apps/web/e2e/fixtures/server';
import { launchChromium, signUpFresh } from './browser';

// Varied prose (a seeded generator over syllables), so the DOCX compresses like real writing does.
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const SYLLABLES = ['ka', 'ren', 'to', 'mi', 'sol', 'va', 'ther', 'lin', 'or', 'ue', 'bri', 'das', 'el', 'po', 'nu', 'qua'];
const word = () => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join('');
const sentence = (_i: number) => Array.from({ length: 14 }, word).join(' ');

async function docxOfSize(bytes: number): Promise<{ docx: Buffer; text: string }> {
  let paragraphs = 2000;
  for (;;) {
    const blocks: Paragraph[] = [];
    const lines: string[] = [];
    for (let i = 0; i < paragraphs; i++) {
      if (i % 40 === 0) {
        blocks.push(new Paragraph({ heading: HeadingLevel.HEADING_2, text: `Part ${i / 40 + 1}` }));
        lines.push(`Part ${i / 40 + 1}`);
      }
      const text = `${sentence(i)} ${sentence(i + 1)}.`;
      blocks.push(new Paragraph({ children: [new TextRun({ text, bold: i % 9 === 0 }), new TextRun({ text: ` ${i}`, italics: true })] }));
      lines.push(`${text} ${i}`);
    }
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: blocks }] }));
    if (docx.length >= bytes * 0.95) return { docx, text: lines.join('\n\n') };
    paragraphs = Math.ceil(paragraphs * (bytes / docx.length) * 1.02);
  }
}

function markdownOfSize(bytes: number, salt: number): string {
  const parts: string[] = [];
  for (let i = 0; parts.join('\n\n').length < bytes; i++) {
    parts.push(
      i % 12 === 0
        ? `## Section ${salt}.${i}`
        : i % 5 === 0
          ? `- **${sentence(i)}**\n- *${sentence(i + 2)}*`
          : `${sentence(i)} [link](https://example.com/${i}) ${sentence(i + 3)}.`,
    );
  }
  return parts.join('\n\n');
}

async function convert(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<number[]> {
  await page.getByLabel('Files to convert').setInputFiles(files);
  const table = page.getByRole('table', { name: 'Conversion timings' });
  const alert = page.getByRole('alert');
  await table.or(alert).waitFor({ timeout: 60_000 });
  if (await alert.isVisible()) throw new Error(`conversion failed: ${await alert.textContent()}`);
  const ms = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.ms)));
  await page.reload();
  return ms;
}

const server = await startBree();
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await signUpFresh(page, server.url);
  await page.goto(`${server.url}/api-test`);

  const { docx, text } = await docxOfSize(1024 * 1024);
  const [docxMs] = await convert(page, [
    { name: 'book.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx },
  ]);
  const [txtMs] = await convert(page, [{ name: 'book.txt', mimeType: 'text/plain', buffer: Buffer.from(text) }]);
  console.log(
    `DOCX ${(docx.length / 1024).toFixed(0)} KB (${(text.length / 1024).toFixed(0)} KB of text) converted in the worker: ${docxMs!.toFixed(0)} ms vs the same text as .txt ${txtMs!.toFixed(0)} ms → ratio ${(docxMs! / txtMs!).toFixed(1)}× (target: under 2000 ms)`,
  );

  const mds = Array.from({ length: 10 }, (_, i) => markdownOfSize(100 * 1024, i));
  const mdMs = await convert(
    page,
    mds.map((md, i) => ({ name: `post-${i}.md`, mimeType: 'text/markdown', buffer: Buffer.from(md) })),
  );
  const asTxt = await convert(
    page,
    mds.map((md, i) => ({ name: `post-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(md) })),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `ten 100 KB Markdown files: ${sum(mdMs).toFixed(0)} ms in all (slowest ${Math.max(...mdMs).toFixed(0)} ms) vs the same bytes as .txt ${sum(asTxt).toFixed(0)} ms → ratio ${(sum(mdMs) / sum(asTxt)).toFixed(1)}×`,
  );
} finally {
  await browser.close();
  await server.stop();
  removeDataDir(server.dataDir);
}
