import { getBreeSchema, type DocJSON } from '@bree/editor';

const SENTENCE = 'The river kept its own counsel, and the town below it learned to listen before it spoke. ';

/**
 * A document of about `bytes` bytes of JSON as Bree stores it (each block in the schema's own
 * form, with its default attributes): headings, paragraphs with bold and links, and bullet and
 * numbered lists, the mix a long manuscript has.
 */
export function largeDocument(bytes: number): DocJSON {
  const schema = getBreeSchema();
  const content: DocJSON[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const block: DocJSON =
      i % 20 === 0
        ? { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `Chapter ${i / 20 + 1}` }] }
        : i % 7 === 0
          ? {
              type: i % 2 ? 'bulletList' : 'orderedList',
              content: [1, 2, 3].map((n) => ({
                type: 'listItem',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: `Point ${n}: ${SENTENCE}` }] }],
              })),
            }
          : {
              type: 'paragraph',
              content: [
                { type: 'text', text: SENTENCE.repeat(3) },
                { type: 'text', text: 'bold words', marks: [{ type: 'bold' }] },
                { type: 'text', text: ' and ' },
                { type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href: 'https://example.com/river' } }] },
                { type: 'text', text: `. Paragraph ${i}.` },
              ],
            };
    const stored = schema.nodeFromJSON(block).toJSON() as DocJSON;
    size += JSON.stringify(stored).length + 1;
    content.push(stored);
  }
  return { type: 'doc', content };
}
