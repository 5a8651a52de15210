import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createS3Storage } from '../src/lib/storage/s3-storage';
import { createStorage } from '../src/lib/storage/storage';
import { newUser } from './api-client';
import { fakeS3Env, startFakeS3, type FakeS3 } from './fakes/s3';
import { fields, PNG, sendFeedback } from './feedback-support';
import { createTestApp, getTestDatabase, resetDatabase } from './harness';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
});

describe('blob storage in an S3-compatible store', () => {
  it('puts, gets and deletes objects by key with signed path-style requests', async () => {
    const storage = createStorage(loadConfig(fakeS3Env(s3, 'unit-bucket')));
    await storage.put('feedback/a/b', Buffer.from('bytes'), 'text/plain');
    expect(s3.objects.get('/unit-bucket/feedback/a/b')?.body.toString()).toBe('bytes');
    expect((await storage.get('feedback/a/b'))?.toString()).toBe('bytes');
    await storage.delete('feedback/a/b');
    expect(await storage.get('feedback/a/b')).toBeNull();
    expect(s3.requests.every((r) => r.signed)).toBe(true);
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
  });

  it('keeps feedback attachments there when S3_* is set, and Bree serves them back to admins', async () => {
    await resetDatabase(await getTestDatabase());
    const t = await createTestApp({ ...fakeS3Env(s3), ADMIN_EMAILS: 's3-admin@example.com' });
    try {
      const writer = await newUser(t.app, 's3-writer');
      const sent = await sendFeedback(t.app, writer, [
        ...fields('stored in S3'),
        { name: 'screenshot', file: { filename: 's.png', type: 'image/png', data: PNG } },
      ]);
      expect(sent.status).toBe(200);
      const stored = [...s3.objects.entries()].filter(([key]) => key.startsWith(`/bree-test/feedback/${sent.body.id}/`));
      expect(stored).toHaveLength(1);
      expect(stored[0]![1].body.equals(PNG)).toBe(true);
      const direct = createS3Storage(t.config.s3!);
      expect((await direct.get(stored[0]![0].replace('/bree-test/', '')))?.equals(PNG)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses S3 settings without a bucket', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_BUCKET');
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_SECRET_ACCESS_KEY');
  });
});
