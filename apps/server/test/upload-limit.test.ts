import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

/** A body limit whose over-limit uploads (8 MiB here, within what Bree drains) overflow the sockets' buffers. */
const LIMIT = 1024 * 1024;

let t: TestApp;
let user: TestUser;
let port: number;

beforeAll(async () => {
  await resetDatabase(await getTestDatabase());
  t = await createTestApp({ BODY_LIMIT_BYTES: String(LIMIT) });
  user = await newUser(t.app, 'uploader');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  /** Whether every byte of the upload was accepted by the socket (no reset while sending). */
  sent: boolean;
  status: number;
  body: string;
}

/**
 * Uploads over a real socket the way a browser does: the whole body is written first and the
 * answer read afterwards, so an answer followed by a closed socket (a reset) is lost, as it is
 * for a browser. `chunked` leaves out Content-Length: only the bytes tell the body is too big.
 */
function upload({ bytes, chunked }: { bytes: number; chunked: boolean }): Promise<Answer> {
  const body = Buffer.from(JSON.stringify({ tenantId: user.sub, filePath: 'big.txt', content: 'x'.repeat(bytes), isRepository: false }));
  const head = [
    'POST /api/files/upload HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${user.token}`,
    `X-Tenant-Id: ${user.sub}`,
    'Content-Type: application/json',
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`,
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let sent = true;
    let received = Buffer.alloc(0);
    socket.pause();
    socket.on('error', () => {
      sent = false;
    });
    const settle = () => {
      const text = received.toString('utf8');
      const [headers = '', ...rest] = text.split('\r\n\r\n');
      resolve({ sent, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('utf8');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? -1);
      const start = text.indexOf('\r\n\r\n');
      if (length >= 0 && start >= 0 && received.length >= Buffer.byteLength(text.slice(0, start + 4)) + length) socket.destroy();
    });
    socket.on('close', settle);
    socket.write(head);
    const piece = 16 * 1024;
    for (let offset = 0; offset < body.length; offset += piece) {
      const part = body.subarray(offset, offset + piece);
      socket.write(chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part);
    }
    // Only once the whole upload is written does the client look at the answer.
    socket.write(chunked ? '0\r\n\r\n' : '', () => socket.resume());
  });
}

describe('an upload over the body limit, over a real socket', () => {
  it('with a Content-Length above the limit: the client finishes sending and reads 413 payload_too_large', async () => {
    const answer = await upload({ bytes: 8 * LIMIT, chunked: false });

    expect(answer.sent).toBe(true);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large.' } });
  });

  it('with a chunked body that grows past the limit: the client reads 413 payload_too_large too', async () => {
    const answer = await upload({ bytes: 8 * LIMIT, chunked: true });

    expect(answer.sent).toBe(true);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('payload_too_large');
  });

  it('still accepts an upload under the limit on the same server', async () => {
    const answer = await upload({ bytes: LIMIT / 4, chunked: true });

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).success).toBe(true);
  });
});
