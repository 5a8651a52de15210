import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { exportAs, json, readArchive } from './account-export-support';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';
import { docWithImage, picture, uploadImage } from './images-support';

// Images in every export (docs/IMAGES.md "Exports"): the download in each format, the workspace zip and 'Export all my data'.
describe('exports carry stored images', () => {
  let t: TestApp;
  let dataDir: string;
  let writer: TestUser;
  let fileId: string;
  let filePath: string;
  let image: { id: string; src: string; bytes: number };
  let stored: Buffer;

  beforeAll(async () => {
    await resetDatabase(await getTestDatabase());
    dataDir = await mkdtemp(path.join(tmpdir(), 'bree-images-export-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    writer = await newUser(t.app, 'exporter');
    const created = (await writer.call('POST', '/api/files/create', { filePath: 'Illustrated', content: 'x' })).body.file;
    fileId = created.id;
    filePath = created.filePath;
    image = (await uploadImage(t.app, writer, fileId, await picture(800, 400))).body.image;
    stored = (await t.app.inject({ url: image.src, headers: { authorization: `Bearer ${writer.token}`, 'x-tenant-id': writer.sub } })).rawPayload;
    expect((await writer.call('POST', '/api/files/upload', { filePath, content: docWithImage(image.src) })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const download = (format: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/files/${encodeURIComponent(writer.sub)}/${encodeURIComponent(filePath)}/download?format=${format}`,
      headers: { authorization: `Bearer ${writer.token}` },
    });
  const dataUri = () => `data:image/png;base64,${stored.toString('base64')}`;

  it('embeds the image in HTML and Markdown as data, names it in plain text', async () => {
    const html = (await download('html')).body;
    expect(html).toContain(`<figure data-size="medium"><img src="${dataUri()}" alt="A red square"><figcaption>Figure 1</figcaption></figure>`);
    expect(html).not.toContain('/api/images/');
    const md = (await download('md')).body;
    expect(md).toContain(`![A red square](${dataUri()})\n\n*Figure 1*`);
    expect((await download('txt')).body).toBe('Before the picture.\n\n[Image: A red square — Figure 1]');
  });

  it('embeds the image in Word with its alt text and caption', async () => {
    const docx = await download('docx');
    expect(docx.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(docx.rawPayload));
    const media = Object.keys(files).filter((name) => name.startsWith('word/media/') && !name.endsWith('/'));
    expect(media).toHaveLength(1);
    expect(Buffer.from(files[media[0]!]!).equals(stored)).toBe(true);
    const xml = strFromU8(files['word/document.xml']!);
    expect(xml).toContain('descr="A red square"');
    expect(xml).toContain('<w:pStyle w:val="Caption"/>');
    expect(xml).toContain('Figure 1');
    // 'medium' is drawn 400 px wide at most: 400 × 200 px in EMU (9525 a pixel).
    expect(xml).toContain(`cx="${400 * 9525}" cy="${200 * 9525}"`);
    const size = await sharp(Buffer.from(files[media[0]!]!)).metadata();
    expect(size).toMatchObject({ width: 800, height: 400 });
  });

  it('writes the image file into the workspace zip, the Markdown linking to it', async () => {
    expect((await writer.call('POST', '/api/workspaces/convert', { fileId })).status).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/workspaces/${fileId}/export?format=md`, headers: { authorization: `Bearer ${writer.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Buffer.from(entries[`images/${image.id}.png`]!).equals(stored)).toBe(true);
    const master = Object.entries(entries).find(([name]) => name.endsWith('.md'))![1];
    expect(strFromU8(master)).toContain(`![A red square](images/${image.id}.png)`);
  });

  it("puts every image in 'Export all my data', the document's Markdown linking to it", async () => {
    const res = await exportAs(t, writer);
    expect(res.statusCode).toBe(200);
    const entries = await readArchive(res.rawPayload);
    expect(entries.get(`images/${image.id}.png`)?.equals(stored)).toBe(true);
    expect(json(entries, 'images/images.json')).toEqual([
      expect.objectContaining({ id: image.id, fileId, contentType: 'image/png', width: 800, height: 400, bytes: image.bytes, entry: `images/${image.id}.png` }),
    ]);
    const md = [...entries].find(([name]) => name.endsWith('/document.md') && name.includes('Illustrated'))![1].toString('utf8');
    expect(md).toContain(`![A red square](../../images/${image.id}.png)`);
  });
});
