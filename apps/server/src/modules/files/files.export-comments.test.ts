import { PROVENANCE_MARK } from '@bree/editor';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { exportDocument } from './files.export';
import type { ExportedThread } from './files.export-comments';

/** Comments in exports (docs/COLLABORATION.md "Comments"): only when asked, after the text, in reading order. */
const para = (id: string, text: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({
  type: 'paragraph',
  attrs: { id },
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});
const doc = { type: 'doc', content: [para('p1', 'First paragraph here.'), para('p2', 'Second paragraph, later.')] };
const thread = (blockId: string, start: number, quote: string, body: string, extra: Partial<ExportedThread> = {}): ExportedThread => ({
  anchor: { blockId, start, quote },
  anchorDeleted: false,
  resolvedBy: null,
  resolvedAt: null,
  comments: [{ authorName: 'Cora', body, createdAt: '2026-12-03T10:00:00.000Z' }],
  ...extra,
});
const threads: ExportedThread[] = [
  thread('p2', 7, 'paragraph', 'Too long.'),
  thread('gone', 0, 'cut words', 'Was this needed?', { anchorDeleted: true }),
  thread('p1', 6, 'paragraph', 'Fine.\nReally.', { resolvedBy: 'Olive', resolvedAt: '2026-12-04T09:00:00.000Z' }),
  thread('p1', 0, 'First', 'Start stronger.'),
];

describe('comments in exports', () => {
  it('writes nothing of the comments unless they are given', async () => {
    const { body } = await exportDocument(doc, { title: 'T', format: 'txt' });
    expect(String(body)).not.toContain('Comments');
    expect(String(body)).toBe('First paragraph here.\n\nSecond paragraph, later.');
  });

  it('follows the text with each thread in the order of its words, deleted ones last, with author, day and resolution', async () => {
    const { body } = await exportDocument(doc, { title: 'T', format: 'txt', comments: threads });
    const text = String(body);
    expect(text.startsWith('First paragraph here.\n\nSecond paragraph, later.\n\n')).toBe(true);
    const order = ['Start stronger.', 'Fine.', 'Too long.', 'Was this needed?'].map((words) => text.indexOf(words));
    expect(order.every((at, i) => at > text.indexOf('Comments') && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(text).toContain('“First”');
    expect(text).toContain('Cora · 3 Dec 2026: Start stronger.');
    expect(text).toContain('Cora · 3 Dec 2026: Fine.\nReally.');
    expect(text).toContain('Resolved by Olive · 4 Dec 2026');
    expect(text).toContain('On deleted text: “cut words”');
  });

  it('keeps a comment inert in .html and .md, and puts it in the .docx body', async () => {
    const hostile = [thread('p1', 0, '<b>First</b>', '<img src=x onerror=alert(1)> & more')];
    const html = String((await exportDocument(doc, { title: 'T', format: 'html', comments: hostile })).body);
    expect(html).toContain('<h2>Comments</h2>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(html).not.toContain('<img');
    const md = String((await exportDocument(doc, { title: 'T', format: 'md', comments: hostile })).body);
    expect(md).toContain('## Comments');
    expect(md).not.toMatch(/<img|<b>/);
    const docx = (await exportDocument(doc, { title: 'T', format: 'docx', comments: hostile })).body as Buffer;
    const xml = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
    expect(xml).toContain('Comments');
    expect(xml).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more');
  });

  it('measures the authorship on the text alone: comments are nobody’s AI words and nobody’s own', async () => {
    const ai = [{ type: PROVENANCE_MARK, attrs: { operationId: 'op-1', action: 'enhance', tier: 'fast', at: '2026-12-01T00:00:00.000Z' } }];
    const mixed = { type: 'doc', content: [para('p1', 'one two three four', ai), para('p2', 'five six seven eight')] };
    const plain = String((await exportDocument(mixed, { title: 'T', format: 'txt', provenance: true })).body).split('\n')[0];
    const commented = String((await exportDocument(mixed, { title: 'T', format: 'txt', provenance: true, comments: threads })).body).split('\n')[0];
    expect(plain).toMatch(/AI-assisted: \d+ %/);
    expect(commented).toBe(plain);
  });
});
