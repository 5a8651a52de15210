import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestUser } from './api-client';
import { multipart } from './feedback-support';

/** A solid-colour picture of the given size and type, made by sharp. */
export async function picture(width: number, height: number, type: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(type)
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's opening: a valid PNG header declaring `width` × `height` pixels, with a
 * few bytes of image data. Decoded it would need width × height × 3 bytes (7.5 GB at 50,000²).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST /api/images as the signed-in user: `fileId` then the file (its name and declared type as given). */
export async function uploadImage(app: FastifyInstance, user: TestUser, fileId: string, data: Buffer, { filename = 'picture.png', type = 'image/png' } = {}) {
  const { body, contentType } = await multipart([
    { name: 'fileId', value: fileId },
    { name: 'file', file: { filename, type, data } },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': user.sub, 'content-type': contentType },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A document tree holding a paragraph and one image of `src`. */
export function docWithImage(src: string, { alt = 'A red square', caption = 'Figure 1' } = {}) {
  return {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'Before the picture.' }] },
      { type: 'image', attrs: { src, alt, caption, size: 'medium' } },
    ],
  };
}
