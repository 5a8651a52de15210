import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage } from '../src/lib/storage/file-storage';
import { newUser, newVerifiedUser, type TestUser } from './api-client';
import { fields, PNG, sendFeedback } from './feedback-support';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const ADMIN = 'feedback-admin@example.com';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let dataDir: string;
let clock = new Date('2026-03-01T12:00:00Z');
let writer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await resetDatabase(await getTestDatabase());
  dataDir = await mkdtemp(path.join(tmpdir(), 'bree-feedback-'));
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, DATA_DIR: dataDir }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(t.database);
  clock = new Date('2026-03-01T12:00:00Z');
  writer = await newUser(t.app, 'writer', `writer-${Date.now()}@example.com`);
  admin = await newVerifiedUser(t, ADMIN);
});

const listAll = async () => (await admin.call('GET', '/api/admin/feedback')).body.items as { id: string; uploadedFiles: { id: string; kind: string }[] }[];
const blobs = () => createFileStorage({ root: path.join(dataDir, 'blobs') });

describe('POST /api/feedback', () => {
  it('stores the message, sender, browser info, page and files, which an admin can list, view and download', async () => {
    const res = await sendFeedback(t.app, writer, [
      ...fields('The export button hides behind the menu'),
      { name: 'screenshot', file: { filename: 'screenshot.jpg', type: 'image/jpeg', data: PNG } },
      { name: 'files', file: { filename: 'notes.txt', type: 'text/plain', data: Buffer.from('steps to reproduce\n') } },
    ]);
    expect(res).toMatchObject({ status: 200, body: { success: true, id: expect.any(String) } });

    const list = await admin.call('GET', '/api/admin/feedback');
    expect(list.status).toBe(200);
    const [item] = list.body.items;
    expect(item).toMatchObject({
      id: res.body.id,
      status: 'new',
      preserve: false,
      message: 'The export button hides behind the menu',
      userEmail: expect.stringMatching(/^writer-/),
      fileCount: 2,
      pageContext: 'Bree — My draft',
      browserInfo: { userAgent: 'test-agent', language: 'en-GB' },
    });
    // Typed by the bytes: a PNG sent as 'image/jpeg' is a PNG.
    expect(item.uploadedFiles.map((f: { kind: string; contentType: string }) => [f.kind, f.contentType])).toEqual([
      ['screenshot', 'image/png'],
      ['file', 'text/plain'],
    ]);
    const note = item.uploadedFiles[1];
    const viewed = await t.app.inject({
      url: `/api/admin/feedback/${item.id}/attachments/${note.id}`,
      headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': admin.sub },
    });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body).toBe('steps to reproduce\n');
    expect(viewed.headers['content-disposition']).toMatch(/^inline; filename="notes.txt"/);
    const downloaded = await admin.call('GET', `/api/admin/feedback/${item.id}/attachments/${note.id}?download=1`);
    expect(downloaded.status).toBe(200);

    // Writers see neither the list nor anyone's files.
    expect((await writer.call('GET', '/api/admin/feedback')).body.error.code).toBe('forbidden');
    expect((await writer.call('GET', `/api/admin/feedback/${item.id}/attachments/${note.id}`)).status).toBe(403);
  });

  it('refuses what the dialog refuses, each with its stable code', async () => {
    const png = (n: number) => ({ name: 'files', file: { filename: `shot-${n}.png`, type: 'image/png', data: PNG } });
    expect(await sendFeedback(t.app, writer, [...fields('   '), png(1)])).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'Please enter your feedback message' } },
    });
    expect((await sendFeedback(t.app, writer, [...fields('x'.repeat(4001)), png(1)])).status).toBe(400);
    expect((await sendFeedback(t.app, writer, [...fields('x'.repeat(4000)), png(1)])).status).toBe(200);
    expect(await sendFeedback(t.app, writer, [...fields('four files'), png(1), png(2), png(3), png(4)])).toMatchObject({
      status: 413,
      body: { error: { code: 'too_many_files', message: 'Maximum 3 files allowed' } },
    });
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(
      await sendFeedback(t.app, writer, [...fields('too big'), { name: 'files', file: { filename: 'big.png', type: 'image/png', data: big } }]),
    ).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large' } },
    });
    const bigShot = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(
      await sendFeedback(t.app, writer, [...fields('big shot'), { name: 'screenshot', file: { filename: 's.png', type: 'image/png', data: bigShot } }]),
    ).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'Screenshot too large (2.00 MB). Maximum: 2 MB' } },
    });
    // Another writer: each one may send 10 in 10 minutes.
    writer = await newUser(t.app, 'writer-two');
    // An executable named like a picture is judged by its bytes.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    expect(
      await sendFeedback(t.app, writer, [...fields('disguised'), { name: 'files', file: { filename: 'cat.png', type: 'image/png', data: exe } }]),
    ).toMatchObject({
      status: 415,
      body: { error: { code: 'unsupported_media_type' } },
    });
    const zip = Buffer.from(
      'UEsDBAoAAAAAAAAAIQAAAAAAAAAAAAAAAAAFAAAAYS50eHRQSwECFAAKAAAAAAAAACEAAAAAAAAAAAAAAAAABQAAAAAAAAAAAAAAAAAAAAAAYS50eHRQSwUGAAAAAAEAAQAzAAAAIwAAAAAA',
      'base64',
    );
    expect(
      (await sendFeedback(t.app, writer, [...fields('zip'), { name: 'files', file: { filename: 'a.pdf', type: 'application/pdf', data: zip } }])).status,
    ).toBe(415);
    expect(await sendFeedback(t.app, writer, [...fields('a\u0000b'), png(1)])).toMatchObject({ status: 400, body: { error: { code: 'invalid_text' } } });
    expect(await sendFeedback(t.app, writer, [...fields('bad info'), { name: 'browserInfo', value: '{not json' }])).toMatchObject({ status: 400 });
    expect(await sendFeedback(t.app, writer, [...fields('someone else'), { name: 'tenantId', value: 'another-tenant' }])).toMatchObject({
      status: 403,
      body: { error: { code: 'tenant_mismatch' } },
    });
    const json = await writer.call('POST', '/api/feedback', { message: 'as JSON' });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe('unsupported_media_type');
    // Only the 4000-character message was stored.
    expect(await listAll()).toHaveLength(1);
  });
});

it('refuses an eleventh feedback within 10 minutes with 429 rate_limited', async () => {
  for (let i = 0; i < 10; i += 1) expect((await sendFeedback(t.app, writer, [...fields(`note ${i}`)])).status).toBe(200);
  const refused = await sendFeedback(t.app, writer, [...fields('one more')]);
  expect(refused).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
  // Another writer is not held back by this one.
  expect((await sendFeedback(t.app, await newUser(t.app, 'other'), [...fields('mine')])).status).toBe(200);
});

describe('admin feedback routes', () => {
  async function submit(message: string, withFile = true) {
    const parts = [...fields(message), ...(withFile ? [{ name: 'files', file: { filename: 'a.png', type: 'image/png', data: PNG } }] : [])];
    return (await sendFeedback(t.app, writer, parts)).body.id as string;
  }

  it('marks read, responded and preserved, filters by query, and answers 404 for an unknown id', async () => {
    const id = await submit('Dark mode please');
    await submit('Typo on the pricing page');
    expect((await admin.call('PUT', `/api/admin/feedback/${id}`, { status: 'read' })).body.item.status).toBe('read');
    expect((await admin.call('PUT', `/api/admin/feedback/${id}`, { status: 'responded' })).body.item.status).toBe('responded');
    expect((await admin.call('PUT', `/api/admin/feedback/${id}`, { preserve: true })).body.item.preserve).toBe(true);
    const get = async (q: string) => (await admin.call('GET', `/api/admin/feedback${q}`)).body.items.map((i: { message: string }) => i.message);
    expect(await get('?status=responded')).toEqual(['Dark mode please']);
    expect(await get('?status=new')).toEqual(['Typo on the pricing page']);
    expect(await get('?preserve=true')).toEqual(['Dark mode please']);
    expect(await get('?search=PRICING')).toEqual(['Typo on the pricing page']);
    expect(await get('?search=100%25')).toEqual([]);
    expect((await admin.call('PUT', '/api/admin/feedback/nope', { status: 'read' })).body.error.code).toBe('feedback_not_found');
    expect((await admin.call('PUT', `/api/admin/feedback/${id}`, { status: 'read', preserve: true })).status).toBe(400);
    expect((await admin.call('GET', `/api/admin/feedback/${id}/attachments/nope`)).body.error.code).toBe('attachment_not_found');
  });

  it('bulk-deletes items with their files', async () => {
    const a = await submit('first');
    const b = await submit('second');
    const keep = await submit('third');
    const keys = (await listAll()).flatMap((i) => i.uploadedFiles.map((f) => `feedback/${i.id}/${f.id}`));
    expect(await blobs().get(keys[0]!)).not.toBeNull();
    const res = await admin.call('POST', '/api/admin/feedback/bulk-delete', { feedbackIds: [a, b, 'unknown'] });
    expect(res.body).toEqual({ success: true, deleted: 2 });
    expect((await listAll()).map((i) => i.id)).toEqual([keep]);
    const left = await Promise.all(keys.map(async (k) => (await blobs().get(k)) !== null));
    expect(left.filter(Boolean)).toHaveLength(1);
    expect((await admin.call('POST', '/api/admin/feedback/bulk-delete', { feedbackIds: [] })).status).toBe(400);
  });

  it('deletes unpreserved items and their files 14 days after they were sent, never preserved ones', async () => {
    const old = await submit('old');
    const kept = await submit('old but preserved');
    await admin.call('PUT', `/api/admin/feedback/${kept}`, { preserve: true });
    const oldKey = (await listAll()).find((i) => i.id === old)!.uploadedFiles.map((f) => `feedback/${old}/${f.id}`)[0]!;
    clock = new Date(clock.getTime() + 13 * DAY);
    const young = await submit('young');
    clock = new Date(clock.getTime() + DAY);
    // Exactly 14 days: not yet past.
    expect(await t.services.feedback.expire()).toBe(0);
    clock = new Date(clock.getTime() + 1);
    expect(await t.services.feedback.expire()).toBe(1);
    expect((await listAll()).map((i) => i.id).sort()).toEqual([kept, young].sort());
    expect(await blobs().get(oldKey)).toBeNull();
  });
});
