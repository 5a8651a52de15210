/**
 * What the account export tests share: an archive read entry by entry, and an account with one
 * of everything the export holds, written through the API.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { expect } from 'vitest';
import { readTar } from '../src/cli/tar';
import { doc, type TestUser } from './api-client';
import type { TestApp } from './harness';
import { PNG, fields, sendFeedback } from './feedback-support';

/** Every entry of a gzipped tar archive, by name, as bytes. */
export async function readArchive(bytes: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  for await (const entry of readTar(Readable.from([bytes]).pipe(createGunzip()))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    entries.set(entry.name, Buffer.concat(chunks));
  }
  return entries;
}

/** An entry as JSON (fails the test when it is missing). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function json(entries: Map<string, Buffer>, name: string): any {
  const entry = entries.get(name);
  expect(entry, `entry ${name}`).toBeDefined();
  return JSON.parse(entry!.toString('utf8'));
}

/** GET /api/account/export as the user, the whole answer. */
export async function exportAs(t: TestApp, user: TestUser) {
  return t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': user.sub } });
}

/**
 * A document named `name` with two versions (the first draft and a named one) and its final
 * text, tagged `authenticity`; answers its id.
 */
export async function writeDocument(user: TestUser, { name, texts, authenticity }: { name: string; texts: [string, string, string]; authenticity?: string }) {
  const file = (await user.call('POST', '/api/files/create', { filePath: name, content: doc(texts[0]), metadata: { description: `About ${name}` } })).body.file;
  expect(file?.id).toBeTruthy();
  const steps = [
    await user.call('POST', '/api/files/content-only-update', { fileId: file.id, content: doc(texts[1]), baseRevision: 1, operationId: `${file.id}-1` }),
    await user.call('POST', '/api/versions/create', { fileId: file.id, reason: 'leave' }),
    await user.call('POST', '/api/files/content-only-update', { fileId: file.id, content: doc(texts[2]), baseRevision: 2, operationId: `${file.id}-2` }),
  ];
  expect(steps.map((step) => step.status)).toEqual([200, 200, 200]);
  if (authenticity) expect((await user.call('POST', '/api/files/bulk-tag', { fileIds: [file.id], authenticity })).status).toBe(200);
  return file.id as string;
}

/** Feedback with a screenshot. */
export async function writeFeedback(t: TestApp, user: TestUser, message: string) {
  const sent = await sendFeedback(t.app, user, [
    ...fields(message),
    { name: 'screenshot', file: { filename: 'screen shot.png', type: 'image/png', data: PNG } },
  ]);
  expect(sent.status).toBeLessThan(300);
}
