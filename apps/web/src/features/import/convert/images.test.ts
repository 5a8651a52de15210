import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import type { DocJSON } from '@bree/editor';
import { docxToHtml } from './docx';
import { htmlToDoc } from './html';
import { placeImages, takeDataImages } from './images';
import { markdownToDoc } from './markdown';

/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG_DATA = `data:image/png;base64,${PNG_BASE64}`;

const images = (doc: DocJSON): DocJSON[] => (doc.type === 'image' ? [doc] : (doc.content ?? []).flatMap(images));
const links = (doc: DocJSON): { text: string; href: unknown }[] =>
  doc.type === 'text'
    ? (doc.marks ?? []).filter((m) => m.type === 'link').map((m) => ({ text: doc.text ?? '', href: m.attrs?.href }))
    : (doc.content ?? []).flatMap(links);

describe('images in an import (docs/IMAGES.md)', () => {
  it('HTML: a data: image becomes an image node with its alt text, to be uploaded', () => {
    const doc = htmlToDoc(`<p>Before</p><img src="${PNG_DATA}" alt="A red dot"><p>After</p>`);
    expect(images(doc)).toEqual([expect.objectContaining({ type: 'image', attrs: expect.objectContaining({ src: PNG_DATA, alt: 'A red dot' }) })]);
  });

  it('HTML: an image by URL is never an image — a link named by its alt text (or its address)', () => {
    const doc = htmlToDoc('<p>See <img src="https://cdn.example/cat.png" alt="a cat"> and <img src="http://cdn.example/dog.png"></p>');
    expect(images(doc)).toEqual([]);
    expect(links(doc)).toEqual([
      { text: 'a cat', href: 'https://cdn.example/cat.png' },
      { text: 'http://cdn.example/dog.png', href: 'http://cdn.example/dog.png' },
    ]);
  });

  it('HTML: any other source (relative, javascript:, an SVG data: address) leaves only the alt text', () => {
    const doc = htmlToDoc(
      '<p>x <img src="/pics/a.png" alt="rel"> <img src="javascript:alert(1)" alt="js"> <img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg"></p>',
    );
    expect(images(doc)).toEqual([]);
    expect(links(doc)).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/javascript|svg\+xml|pics/);
    expect(JSON.stringify(doc)).toMatch(/rel.*js.*svg/);
  });

  it("HTML: Bree's own export (figure, caption, data: image) comes back with its caption", () => {
    const doc = htmlToDoc(`<figure data-size="small"><img src="${PNG_DATA}" alt="Dot"><figcaption>Figure 1</figcaption></figure>`);
    expect(images(doc)[0]?.attrs).toMatchObject({ src: PNG_DATA, alt: 'Dot', caption: 'Figure 1' });
  });

  it('Markdown: a data: image is kept for upload, an image by URL becomes a link', () => {
    const doc = markdownToDoc(`# Photos\n\n![A dot](${PNG_DATA})\n\n![Remote](https://example.com/r.jpg)\n`);
    expect(images(doc).map((i) => i.attrs?.alt)).toEqual(['A dot']);
    expect(links(doc)).toEqual([{ text: 'Remote', href: 'https://example.com/r.jpg' }]);
  });

  it('DOCX: an embedded picture is read as data with its description as alt text', async () => {
    const bytes = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
    const file = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun('A picture:')] }),
            new Paragraph({
              children: [
                new ImageRun({
                  type: 'png',
                  data: bytes,
                  transformation: { width: 10, height: 10 },
                  altText: { name: 'dot', title: 'Dot', description: 'A red dot' },
                }),
              ],
            }),
          ],
        },
      ],
    });
    const doc = htmlToDoc(await docxToHtml(new Uint8Array(await Packer.toBuffer(file)).buffer));
    const [image] = images(doc);
    expect(image?.attrs?.src).toBe(PNG_DATA);
    expect(image?.attrs?.alt).toBe('A red dot');
  });

  it('takes the bytes out before the document travels and puts the stored addresses in after', async () => {
    const doc = htmlToDoc(`<p>One</p><img src="${PNG_DATA}" alt="first"><img src="${PNG_DATA}" alt="second">`);
    const { content, images: blobs } = takeDataImages(doc);
    expect(blobs).toHaveLength(2);
    expect(blobs[0]?.type).toBe('image/png');
    expect(Array.from(new Uint8Array(await blobs[0]!.arrayBuffer()).slice(1, 4))).toEqual([80, 78, 71]); // 'PNG'
    expect(JSON.stringify(content)).not.toContain('base64');
    // Before the upload: each image is its alt text.
    expect(images(placeImages(content))).toEqual([]);
    expect(JSON.stringify(placeImages(content))).toMatch(/first.*second/);
    // After: the stored one is an image, the refused one its alt text.
    const placed = placeImages(content, ['/api/images/abcdefghij12', null]);
    expect(images(placed).map((i) => i.attrs?.src)).toEqual(['/api/images/abcdefghij12']);
    expect(JSON.stringify(placed)).toContain('second');
  });

  it('an import that is only an image is not empty', () => {
    expect(images(htmlToDoc(`<img src="${PNG_DATA}">`))).toHaveLength(1);
  });
});
