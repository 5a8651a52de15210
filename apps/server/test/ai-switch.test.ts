import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUDIT_PAGE_SIZE } from '@bree/contracts';
import { doc, newUser, newVerifiedUser, type TestUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import { fields, PNG, sendFeedback } from './feedback-support';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

const ADMIN = 'switch-admin@example.com';
const ALL_ON = { assistantOff: false, premiumOff: false, dictationOff: false };

describe('the AI switch and the admin audit log (one process, this database)', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let admin: TestUser;
  let writer: TestUser;
  let fileId: string;
  const enhance = () => writer.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Rough words.', nodeIds: ['r'] } });

  beforeAll(async () => {
    ({ t, fake } = await createAiTestApp({ ADMIN_EMAILS: ADMIN, AI_TRANSCRIPTION_MODEL: 'openai-compatible:whisper-small', PUBLISHING_TENANT: 'nobody' }));
    await resetDatabase(t.database);
    admin = await newVerifiedUser(t, ADMIN);
    writer = await newUser(t.app, 'switch-writer');
    fileId = (await writer.call('POST', '/api/files/create', { content: doc('Rough words.') })).body.file.id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('starts with everything on', async () => {
    expect((await admin.call('GET', '/api/admin/ai-switch')).body).toEqual({ aiSwitch: ALL_ON });
  });

  it('premium off: writers see premium unavailable, calls run on fast, a call asking for premium gets the no-provider error', async () => {
    expect((await admin.call('PUT', '/api/admin/ai-switch', { ...ALL_ON, premiumOff: true })).body).toEqual({ aiSwitch: { ...ALL_ON, premiumOff: true } });
    const config = (await writer.call('GET', '/api/config/ai')).body;
    expect(config.tiers).toEqual({ fast: { available: true, model: 'fake-fast (local)' }, premium: { available: false, model: 'fake-premium (local)' } });
    expect(config.setup).toBeUndefined();
    const onFast = await enhance();
    expect(onFast).toMatchObject({ status: 200, body: { tier: 'fast' } });
    expect((await readStream(writer, onFast.body.operationId)).events.at(-1)?.event).toBe('done');
    const asked = await writer.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'premium',
      selection: { text: 'Rough words.', nodeIds: ['r'] },
    });
    expect(asked.body.error).toEqual({ code: 'ai_not_configured', message: 'AI is not set up on this server.' });
    // Administrators are told why.
    expect((await admin.call('GET', '/api/config/ai')).body.setup).toEqual([
      { tier: 'premium', model: 'fake-premium (local)', advice: expect.stringContaining('administrator') },
    ]);
  });

  it('all off: every tier and dictation unavailable, and AI routes answer as on a server without a provider', async () => {
    await admin.call('PUT', '/api/admin/ai-switch', { ...ALL_ON, assistantOff: true });
    expect((await writer.call('GET', '/api/config/ai')).body).toEqual({
      tiers: { fast: { available: false, model: 'fake-fast (local)' }, premium: { available: false, model: 'fake-premium (local)' } },
      transcription: { available: false, model: 'whisper-small (local)' },
    });
    const refused = await enhance();
    expect(refused.status).toBe(503);
    expect(refused.body.error).toEqual({ code: 'ai_not_configured', message: 'AI is not set up on this server.' });
    const calls = fake.requests.length;
    expect((await writer.call('POST', `/api/chat/${fileId}/messages`, { message: 'Hello?' })).body.error?.code).toBe('ai_not_configured');
    expect(fake.requests.length).toBe(calls);
  });

  it('dictation off leaves the assistant on', async () => {
    await admin.call('PUT', '/api/admin/ai-switch', { ...ALL_ON, dictationOff: true });
    const config = (await writer.call('GET', '/api/config/ai')).body;
    expect(config.transcription.available).toBe(false);
    expect(config.tiers.fast.available && config.tiers.premium.available).toBe(true);
    await admin.call('PUT', '/api/admin/ai-switch', ALL_ON);
    expect((await writer.call('GET', '/api/config/ai')).body.transcription.available).toBe(true);
    expect(await enhance()).toMatchObject({ status: 200 });
  });

  it('refuses a bad switch with 400 and the routes to anyone but an administrator, however the path is spelled', async () => {
    expect((await admin.call('PUT', '/api/admin/ai-switch', { assistantOff: 'yes' })).status).toBe(400);
    expect((await admin.call('PUT', '/api/admin/ai-switch', { ...ALL_ON, extra: true })).status).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/admin/ai-switch'],
      ['PUT', '/api/admin/ai-switch'],
      ['GET', '/api/admin/audit-log'],
      ['PUT', '/api/%61dmin/ai-switch'],
      ['GET', '/api/%61dmin/audit-log'],
      ['GET', '/api//admin/audit-log'],
    ] as const) {
      const res = await writer.call(method, url, method === 'PUT' ? { ...ALL_ON, assistantOff: true } : undefined);
      expect([403, 404], `${method} ${url}`).toContain(res.status);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url} anonymous`).toBeOneOf([401, 404]);
    }
    expect((await admin.call('GET', '/api/admin/ai-switch')).body.aiSwitch).toEqual(ALL_ON);
  });

  it('records every admin action in the audit log, newest first, paged; refusals and reads of the reports are not actions', async () => {
    const sent = await sendFeedback(t.app, writer, [...fields('Audit me'), { name: 'screenshot', file: { filename: 's.png', type: 'image/png', data: PNG } }]);
    const feedbackId = sent.body.id as string;
    expect((await admin.call('PUT', `/api/admin/feedback/${feedbackId}`, { status: 'read' })).status).toBe(200);
    expect((await admin.call('POST', '/api/admin/feedback/bulk-delete', { feedbackIds: [feedbackId] })).status).toBe(200);
    expect((await admin.call('GET', `/api/admin/users/lookup?email=${encodeURIComponent(ADMIN)}`)).status).toBe(200);
    expect((await admin.call('GET', `/api/admin/users/${writer.sub}/usage`)).status).toBe(200);
    // The administrator is not the publishing tenant: refused, so not recorded.
    expect((await admin.call('POST', `/api/admin/publishing/documents/${fileId}/unpublish`, {})).status).toBeGreaterThanOrEqual(400);
    expect((await admin.call('GET', '/api/admin/users/totals?range=7d')).status).toBe(200);

    const log = (await admin.call('GET', '/api/admin/audit-log')).body;
    const actions = log.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['usage.view', 'usage.lookup', 'feedback.delete', 'feedback.update', 'ai.switch', 'ai.switch', 'ai.switch', 'ai.switch']);
    expect(log.items[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actorId: admin.sub,
      actorEmail: ADMIN,
      action: 'usage.view',
      target: writer.sub,
      detail: {},
    });
    expect(log.items[3]).toMatchObject({ target: feedbackId, detail: { status: 'read' } });
    expect(log.items[2]).toMatchObject({ target: null, detail: { feedbackIds: [feedbackId] } });
    expect(log.items.at(-1)).toMatchObject({ detail: { ...ALL_ON, premiumOff: true } });
    expect(log.nextCursor).toBeNull();
  });

  it('pages the log by its cursor and refuses a forged one', async () => {
    for (let i = 0; i < ADMIN_AUDIT_PAGE_SIZE; i += 1) await admin.call('GET', `/api/admin/users/${writer.sub}/usage`);
    const first = (await admin.call('GET', '/api/admin/audit-log')).body;
    expect(first.items).toHaveLength(ADMIN_AUDIT_PAGE_SIZE);
    const second = (await admin.call('GET', `/api/admin/audit-log?cursor=${first.nextCursor}`)).body;
    expect(second.items.map((e: { action: string }) => e.action).slice(-2)).toEqual(['ai.switch', 'ai.switch']);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((e: { id: string }) => e.id)).size).toBe(first.items.length + second.items.length);
    const forged = await admin.call('GET', '/api/admin/audit-log?cursor=not-a-cursor');
    expect(forged).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });
  });
});
