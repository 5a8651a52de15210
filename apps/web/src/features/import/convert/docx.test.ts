import { Document, ExternalHyperlink, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from 'docx';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkDocxArchive, DOCX_LIMITS, docxToHtml } from './docx';
import { isImportError } from './errors';
import type { ImportProblem } from './errors';
import { htmlToDoc } from './html';
import { typesIn } from './treeTypes';

/** A Word file with headings, both list kinds, every mark and a link, built with the docx library. */
async function richDocx(): Promise<ArrayBuffer> {
  const doc = new Document({
    numbering: {
      config: [{ reference: 'numbers', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.' }] }],
    },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Field notes')] }),
          new Paragraph({
            children: [
              new TextRun({ text: 'bold', bold: true }),
              new TextRun(' '),
              new TextRun({ text: 'italic', italics: true }),
              new TextRun(' '),
              new TextRun({ text: 'under', underline: {} }),
              new TextRun(' '),
              new TextRun({ text: 'struck', strike: true }),
              new TextRun(' see '),
              new ExternalHyperlink({ link: 'https://bree.example/notes', children: [new TextRun({ text: 'the site', style: 'Hyperlink' })] }),
            ],
          }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Lists')] }),
          new Paragraph({ bullet: { level: 0 }, children: [new TextRun('apples')] }),
          new Paragraph({ bullet: { level: 0 }, children: [new TextRun('pears')] }),
          new Paragraph({ numbering: { reference: 'numbers', level: 0 }, children: [new TextRun('first')] }),
          new Paragraph({ numbering: { reference: 'numbers', level: 0 }, children: [new TextRun('second')] }),
        ],
      },
    ],
  });
  const buffer = await Packer.toBuffer(doc);
  return new Uint8Array(buffer).buffer;
}

async function problemOf(run: () => unknown): Promise<ImportProblem | 'none' | 'other'> {
  try {
    await run();
    return 'none';
  } catch (error) {
    return isImportError(error) ? error.problem : 'other';
  }
}

describe('DOCX import', () => {
  it('keeps headings, bullet and numbered lists, bold, italic, underline, strike and links', async () => {
    const doc = htmlToDoc(await docxToHtml(await richDocx()), { unwrapLinkUnderline: true });
    expect(doc.content?.[0]).toMatchObject({ type: 'heading', attrs: { level: 1 }, content: [{ text: 'Field notes' }] });
    expect(doc.content?.[2]).toMatchObject({ type: 'heading', attrs: { level: 2 } });
    expect(doc.content?.slice(3).map((n) => n.type)).toEqual(['bulletList', 'orderedList']);
    const { marks } = typesIn(doc);
    expect([...marks].sort()).toEqual(['bold', 'italic', 'link', 'strike', 'underline']);
    const linked = doc.content?.[1]?.content?.find((n) => n.text === 'the site');
    expect(linked?.marks).toEqual([expect.objectContaining({ type: 'link', attrs: expect.objectContaining({ href: 'https://bree.example/notes' }) })]);
  });

  it('refuses an archive of more than 500 entries before unpacking it', async () => {
    const entries = Object.fromEntries(Array.from({ length: DOCX_LIMITS.maxEntries + 1 }, (_, i) => [`f${i}.xml`, new Uint8Array(1)]));
    const bomb = zipSync(entries);
    expect(await problemOf(() => checkDocxArchive(bomb))).toBe('docx_too_large_unpacked');
    expect(await problemOf(() => docxToHtml(bomb.slice().buffer))).toBe('docx_too_large_unpacked');
  });

  it('refuses a zip bomb whose entries unpack past 50 MB, with the clear sentence', async () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(DOCX_LIMITS.maxUncompressedBytes + 1) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(1_048_576);
    await expect(docxToHtml(bomb.slice().buffer)).rejects.toThrow('This DOCX file is too large when unpacked.');
  });

  it('reports a truncated file, a non-zip and a zip without a document as malformed', async () => {
    const whole = new Uint8Array(await richDocx());
    expect(await problemOf(() => docxToHtml(whole.slice(0, Math.floor(whole.length / 2)).buffer))).toBe('docx_malformed');
    expect(await problemOf(() => docxToHtml(new TextEncoder().encode('not a zip at all').buffer))).toBe('docx_malformed');
    expect(await problemOf(() => docxToHtml(zipSync({ 'hello.txt': new Uint8Array([104, 105]) }).slice().buffer))).toBe('docx_malformed');
  });
});
