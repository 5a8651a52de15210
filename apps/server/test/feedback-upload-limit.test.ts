import { connect, type AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { fields, multipart, PNG, type Part } from './feedback-support';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const MB = 1024 * 1024;
let t: TestApp;
let dataDir: string;
let port: number;

beforeAll(async () => {
  await resetDatabase(await getTestDatabase());
  dataDir = await mkdtemp(path.join(tmpdir(), 'bree-feedback-socket-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sends the whole form over a real socket before reading the answer, as a browser does. */
async function send(user: TestUser, parts: Part[]): Promise<{ sent: boolean; status: number; body: string }> {
  const { body, contentType } = await multipart(parts);
  const head = [
    'POST /api/feedback HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${user.token}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${body.length}`,
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
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('utf8');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? -1);
      const start = text.indexOf('\r\n\r\n');
      if (length >= 0 && start >= 0 && received.length >= start + 4 + length) socket.destroy();
    });
    socket.on('close', () => {
      const [headers = '', ...rest] = received.toString('utf8').split('\r\n\r\n');
      resolve({ sent, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), body: rest.join('\r\n\r\n') });
    });
    socket.write(head);
    for (let offset = 0; offset < body.length; offset += 64 * 1024) socket.write(body.subarray(offset, offset + 64 * 1024));
    socket.write('', () => socket.resume());
  });
}

describe('a refused feedback upload over a real socket', () => {
  it('answers 413 for a file above 10 MB after the browser has sent it all', async () => {
    const user = await newUser(t.app, 'socket');
    const big = Buffer.concat([PNG, Buffer.alloc(12 * MB)]);
    const answer = await send(user, [...fields('big'), { name: 'files', file: { filename: 'big.png', type: 'image/png', data: big } }]);
    expect(answer.sent).toBe(true);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('payload_too_large');
  });

  it('answers 415 for a refused type sent before more files, and the next upload still works', async () => {
    const user = await newUser(t.app, 'socket-type');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4 * MB, 0x90)]);
    const answer = await send(user, [
      ...fields('exe'),
      { name: 'files', file: { filename: 'a.png', type: 'image/png', data: exe } },
      { name: 'files', file: { filename: 'b.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(4 * MB)]) } },
    ]);
    expect(answer.sent).toBe(true);
    expect(answer.status).toBe(415);
    const ok = await send(user, [...fields('fine'), { name: 'files', file: { filename: 'a.png', type: 'image/png', data: PNG } }]);
    expect(ok.status).toBe(200);
  });
});
