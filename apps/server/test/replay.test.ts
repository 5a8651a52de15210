import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/db';
import { createIdentity } from '../src/modules/identity/identity';
import type { Identity } from '../src/modules/identity/identity.types';
import { createReplayService, type ReplayService } from '../src/modules/replays/replays.service';
import { isReplayRoute, requestFingerprint } from '../src/plugins/replay';
import { createServices } from '../src/services';
import { createAiTestApp, parseSse, readStream } from './ai-helpers';
import { doc, newUser, newVerifiedUser, onApp, type TestUser } from './api-client';
import { fields, PNG, sendFeedback } from './feedback-support';
import { fakeAiEnv, type FakeAiProvider } from './fakes/fake-ai-provider';
import { cancelSubscription, subscribeToPro } from './billing-support';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { fakeTranscriptionEnv, startFakeTranscription, type FakeTranscription } from './fakes/fake-transcription';
import { linkIn, startSmtpSink, type SmtpSink } from './fakes/smtp-sink';
import { speechWav } from './fakes/speech';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Req {
  method?: Method;
  url: string;
  body?: unknown;
  /** Extra headers, e.g. the content type of a raw audio body. */
  headers?: Record<string, string>;
}

const enc = encodeURIComponent;
const REPLAY_ADMIN = 'replay-admin@example.com';

/** One request as the web client sends it: bearer token, tenant and (when given) the operation id. */
function send(app: FastifyInstance, user: TestUser, req: Req & { method: Method }, operationId?: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: req.method,
    url: req.url,
    headers: {
      authorization: `Bearer ${user.token}`,
      'x-tenant-id': user.sub,
      ...(operationId ? { 'x-operation-id': operationId } : {}),
      ...req.headers,
      ...headers,
    },
    ...(req.body === undefined ? {} : { payload: req.body as Record<string, unknown> }),
  });
}

/** Every row of every table, hashed per table: equal snapshots mean nothing was written in between. */
async function snapshot(database: Database): Promise<Record<string, string>> {
  const tables = await database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await database.query<{ n: number; h: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${tablename}" t`,
    );
    out[tablename] = `${row!.n}:${row!.h}`;
  }
  return out;
}

async function countFiles(database: Database, tenantId: string): Promise<number> {
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from files where tenant_id = $1', [tenantId]);
  return row!.n;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Ctx {
  me: TestUser;
  /** A fresh document; `name` is made unique. */
  newDoc(name: string): Promise<{ id: string; path: string }>;
  /** A finished AI operation on a document. */
  finishedOperation(fileId: string): Promise<string>;
  /** Ends the tenant's Pro subscription (it starts on Pro, so workspace routes answer 200). */
  cancelPro(): Promise<void>;
  /** Subscribes `me` to Pro through the fake Stripe (once): dictation needs the plan's voice minutes. */
  makePro(): Promise<void>;
  /** The token of a mailed invitation to `fileId` (the sink's mail: SMTP_URL is set here). */
  invitationToken(fileId: string): Promise<string>;
  /** Another account holding a Viewer grant on `fileId`; its tenant id. */
  grantee(fileId: string): Promise<string>;
}

/**
 * A valid example of every replayable route: what it needs (setup), the request, another request
 * sent with the same id (refused with 409), and the background work to wait for before comparing
 * the database. A new mutating route fails the coverage test until it is given one here.
 */
interface Example {
  setup?(ctx: Ctx): Promise<Record<string, string>>;
  request(v: Record<string, string>, me: TestUser): Req;
  other(v: Record<string, string>, me: TestUser): Req;
  settle?(first: LightMyRequestResponse, me: TestUser): Promise<void>;
}

const postDraft = { title: 'A post', slug: 'a-post', excerpt: 'Short.', category: 'blog' };

const selection = { text: 'rough draft words', nodeIds: ['n1'] };

/** A short spoken recording (espeak-ng), made once. */
let speech: Buffer | undefined;
const SPEECH = (): Buffer => (speech ??= speechWav('A replayed dictation.'));

/** A document converted into a workspace master. */
async function newWorkspace({ me, newDoc }: Ctx): Promise<string> {
  const { id } = await newDoc('Master');
  expect((await me.call('POST', '/api/workspaces/convert', { fileId: id })).status).toBe(200);
  return id;
}

/** A Duplicate variant of a master (no AI). */
async function newVariant({ me }: Ctx, masterId: string): Promise<string> {
  const res = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' });
  expect(res.status).toBe(200);
  return res.body.variantId as string;
}

const ANCHOR = { blockId: 'b1', start: 0, end: 5, quote: 'Words' };

/** A comment thread on a fresh document of the writer's, with its first comment. */
async function newThread({ me, newDoc }: Ctx): Promise<{ fileId: string; threadId: string; commentId: string }> {
  const { id } = await newDoc('Commented');
  const res = await me.call('POST', '/api/comments/create', { fileId: id, anchor: ANCHOR, body: 'First.' });
  expect(res.status).toBe(200);
  return { fileId: id, threadId: res.body.thread.id as string, commentId: res.body.thread.comments[0].id as string };
}

/** Two threads, for an example and its different request. */
async function twoThreads(ctx: Ctx): Promise<Record<string, string>> {
  const [one, two] = [await newThread(ctx), await newThread(ctx)];
  return { thread: one.threadId, comment: one.commentId, spareThread: two.threadId, spareComment: two.commentId };
}

const EXAMPLES: Record<string, Example> = {
  'POST /api/comments/create': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('To comment on')).id }),
    request: (v) => ({ url: '/api/comments/create', body: { fileId: v.id, anchor: ANCHOR, body: 'One.' } }),
    other: (v) => ({ url: '/api/comments/create', body: { fileId: v.id, anchor: ANCHOR, body: 'Two.' } }),
  },
  'POST /api/comments/reply': {
    setup: twoThreads,
    request: (v) => ({ url: '/api/comments/reply', body: { threadId: v.thread, body: 'Reply one.' } }),
    other: (v) => ({ url: '/api/comments/reply', body: { threadId: v.thread, body: 'Reply two.' } }),
  },
  'POST /api/comments/resolve': {
    setup: twoThreads,
    request: (v) => ({ url: '/api/comments/resolve', body: { threadId: v.thread, resolved: true } }),
    other: (v) => ({ url: '/api/comments/resolve', body: { threadId: v.spareThread, resolved: true } }),
  },
  'POST /api/comments/anchor': {
    setup: twoThreads,
    request: (v) => ({ url: '/api/comments/anchor', body: { threadId: v.thread, anchor: null } }),
    other: (v) => ({ url: '/api/comments/anchor', body: { threadId: v.spareThread, anchor: null } }),
  },
  'POST /api/comments/edit': {
    setup: twoThreads,
    request: (v) => ({ url: '/api/comments/edit', body: { commentId: v.comment, body: 'Edited one.' } }),
    other: (v) => ({ url: '/api/comments/edit', body: { commentId: v.spareComment, body: 'Edited two.' } }),
  },
  'POST /api/comments/delete': {
    setup: twoThreads,
    request: (v) => ({ url: '/api/comments/delete', body: { commentId: v.comment } }),
    other: (v) => ({ url: '/api/comments/delete', body: { commentId: v.spareComment } }),
  },
  'POST /api/suggestions/propose': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('To suggest on')).id }),
    request: (v) => ({ url: '/api/suggestions/propose', body: { fileId: v.id, blockId: 'b1', baseText: 'Words.', proposedText: 'Other words.' } }),
    other: (v) => ({ url: '/api/suggestions/propose', body: { fileId: v.id, blockId: 'b2', baseText: 'Words.', proposedText: 'More words.' } }),
  },
  'POST /api/suggestions/decide': {
    setup: async ({ me, newDoc }) => {
      const { id } = await newDoc('Suggested on');
      const propose = async (blockId: string) =>
        (await me.call('POST', '/api/suggestions/propose', { fileId: id, blockId, baseText: 'Words.', proposedText: 'Other words.' })).body.suggestion
          .id as string;
      return { one: await propose('b1'), two: await propose('b2') };
    },
    request: (v) => ({ url: '/api/suggestions/decide', body: { suggestionId: v.one, baseText: 'Other words.', proposedText: 'Other words.' } }),
    other: (v) => ({ url: '/api/suggestions/decide', body: { suggestionId: v.two, baseText: 'Words.', proposedText: 'Words.' } }),
  },
  // The password stays the one api-client.ts signs up with, so the examples after it still know it.
  'POST /api/account/password': {
    request: () => ({ url: '/api/account/password', body: { currentPassword: 'a long password', newPassword: 'a long password' } }),
    other: () => ({ url: '/api/account/password', body: { currentPassword: 'not the password', newPassword: 'a long password' } }),
  },
  'POST /api/account/email': {
    request: () => ({ url: '/api/account/email', body: { newEmail: 'replay-moved@example.com', currentPassword: 'a long password' } }),
    other: () => ({ url: '/api/account/email', body: { newEmail: 'replay-elsewhere@example.com', currentPassword: 'a long password' } }),
  },
  'POST /api/tenant/initialize': {
    request: (_v, me) => ({ url: '/api/tenant/initialize', body: { tenantId: me.sub } }),
    other: () => ({ method: 'PUT', url: '/api/users/profile', body: { email: 'other@example.com' } }),
  },
  'PUT /api/users/profile': {
    request: () => ({ url: '/api/users/profile', body: { email: 'replayed@example.com', name: 'Replayed' } }),
    other: () => ({ url: '/api/users/profile', body: { email: 'someone@example.com', name: 'Someone' } }),
  },
  'POST /api/files/upload': {
    request: () => ({ url: '/api/files/upload', body: { filePath: 'Uploaded', content: doc('uploaded words') } }),
    other: () => ({ url: '/api/files/upload', body: { filePath: 'Uploaded', content: doc('other words') } }),
  },
  'POST /api/files/create': {
    request: () => ({ url: '/api/files/create', body: { filePath: 'Created', content: doc('created words') } }),
    other: () => ({ url: '/api/files/create', body: { filePath: 'Created elsewhere', content: doc('created words') } }),
  },
  'POST /api/files/claim-blank': {
    request: () => ({ url: '/api/files/claim-blank', body: {} }),
    other: () => ({ url: '/api/files/claim-blank', body: { isRepository: true } }),
  },
  'POST /api/files/sync-ulid': {
    request: () => ({ url: '/api/files/sync-ulid', body: { filePath: 'Synced', content: doc('synced words') } }),
    other: () => ({ url: '/api/files/sync-ulid', body: { filePath: 'Synced', content: doc('changed words') } }),
  },
  'DELETE /api/files/:tenant/:path': {
    setup: async ({ newDoc }) => ({ path: (await newDoc('Doomed')).path, spare: (await newDoc('Spared')).path }),
    request: (v, me) => ({ url: `/api/files/${enc(me.sub)}/${enc(v.path!)}` }),
    other: (v, me) => ({ url: `/api/files/${enc(me.sub)}/${enc(v.spare!)}` }),
  },
  'POST /api/files/delete': {
    setup: async ({ newDoc }) => ({ path: (await newDoc('Deleted')).path, spare: (await newDoc('Kept')).path }),
    request: (v) => ({ url: '/api/files/delete', body: { filePath: v.path } }),
    other: (v) => ({ url: '/api/files/delete', body: { filePath: v.spare } }),
  },
  'POST /api/files/bulk-delete': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Bulk gone')).id, spare: (await newDoc('Bulk kept')).id }),
    request: (v) => ({ url: '/api/files/bulk-delete', body: { fileIds: [v.id] } }),
    other: (v) => ({ url: '/api/files/bulk-delete', body: { fileIds: [v.spare] } }),
  },
  'POST /api/files/bulk-tag': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Tagged')).id }),
    request: (v) => ({ url: '/api/files/bulk-tag', body: { fileIds: [v.id], authenticity: 'Human' } }),
    other: (v) => ({ url: '/api/files/bulk-tag', body: { fileIds: [v.id], authenticity: 'AI' } }),
  },
  'POST /api/files/rename': {
    setup: async ({ newDoc }) => ({ path: (await newDoc('Before rename')).path }),
    request: (v) => ({ url: '/api/files/rename', body: { oldFilePath: v.path, newFilePath: `${v.path!.replace('.txt', '')} renamed` } }),
    other: (v) => ({ url: '/api/files/rename', body: { oldFilePath: v.path, newFilePath: 'Another name' } }),
  },
  'PATCH /api/files/repository/:tenant/:path': {
    setup: async ({ newDoc }) => ({ path: (await newDoc('Sample')).path }),
    request: (v, me) => ({ url: `/api/files/repository/${enc(me.sub)}/${enc(v.path!)}`, body: { isRepository: true } }),
    other: (v, me) => ({ url: `/api/files/repository/${enc(me.sub)}/${enc(v.path!)}`, body: { isRepository: false } }),
  },
  'PATCH /api/files/metadata/:tenant/:path': {
    setup: async ({ newDoc }) => ({ path: (await newDoc('Meta')).path }),
    request: (v, me) => ({ url: `/api/files/metadata/${enc(me.sub)}/${enc(v.path!)}`, body: { metadata: { authenticity: 'Human', topics: ['craft'] } } }),
    other: (v, me) => ({ url: `/api/files/metadata/${enc(me.sub)}/${enc(v.path!)}`, body: { metadata: { topics: ['other'] } } }),
  },
  'POST /api/files/:id/restore': {
    setup: async ({ me, newDoc }) => {
      const gone = await newDoc('Restored');
      const spare = await newDoc('Also binned');
      await me.call('POST', '/api/files/bulk-delete', { fileIds: [gone.id, spare.id] });
      return { id: gone.id, spare: spare.id };
    },
    request: (v) => ({ url: `/api/files/${v.id}/restore` }),
    other: (v) => ({ url: `/api/files/${v.spare}/restore` }),
  },
  'POST /api/files/bulk-restore': {
    setup: async ({ me, newDoc }) => {
      const gone = await newDoc('Bulk restored');
      const spare = await newDoc('Bulk binned');
      await me.call('POST', '/api/files/bulk-delete', { fileIds: [gone.id, spare.id] });
      return { id: gone.id, spare: spare.id };
    },
    request: (v) => ({ url: '/api/files/bulk-restore', body: { fileIds: [v.id] } }),
    other: (v) => ({ url: '/api/files/bulk-restore', body: { fileIds: [v.spare] } }),
  },
  'POST /api/files/:id/discard': {
    // Two blank documents as 'Create new document' makes them: the one discarded, and the other request's.
    setup: async ({ me }) => {
      const claim = async () => (await me.call('POST', '/api/files/claim-blank', { displayPath: 'Untitled.txt', isRepository: false })).body.fileId as string;
      return { id: await claim(), spare: await claim() };
    },
    request: (v) => ({ url: `/api/files/${v.id}/discard` }),
    other: (v) => ({ url: `/api/files/${v.spare}/discard` }),
  },
  'DELETE /api/files/:id/forever': {
    setup: async ({ me, newDoc }) => {
      const gone = await newDoc('Forever gone');
      const spare = await newDoc('Binned, not gone');
      await me.call('POST', '/api/files/bulk-delete', { fileIds: [gone.id, spare.id] });
      return { id: gone.id, spare: spare.id };
    },
    request: (v) => ({ url: `/api/files/${v.id}/forever` }),
    other: (v) => ({ url: `/api/files/${v.spare}/forever` }),
  },
  'POST /api/files/copy': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Original')).id, spare: (await newDoc('Second original')).id }),
    request: (v) => ({ url: '/api/files/copy', body: { fileId: v.id } }),
    other: (v) => ({ url: '/api/files/copy', body: { fileId: v.spare } }),
  },
  'POST /api/versions/create': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Versioned')).id }),
    request: (v) => ({ url: '/api/versions/create', body: { fileId: v.id, reason: 'manual' } }),
    other: (v) => ({ url: '/api/versions/create', body: { fileId: v.id, reason: 'leave' } }),
  },
  'POST /api/versions/restore/:tenant/:fileId': {
    setup: async ({ me, newDoc }) => {
      const file = await newDoc('Restored');
      const version = await me.call('POST', '/api/versions/create', { fileId: file.id, reason: 'leave' });
      await me.call('POST', '/api/files/content-only-update', { fileId: file.id, content: doc('rewritten'), baseRevision: 1, operationId: randomUUID() });
      return { id: file.id, versionId: version.body.version.id as string };
    },
    request: (v, me) => ({ url: `/api/versions/restore/${enc(me.sub)}/${v.id}`, body: { versionId: v.versionId } }),
    other: (v, me) => ({ url: `/api/versions/restore/${enc(me.sub)}/${v.id}`, body: { versionId: 'another-version' } }),
  },
  'POST /api/versions/name': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Named')).id }),
    request: (v) => ({ url: '/api/versions/name', body: { fileId: v.id, name: 'First full draft' } }),
    other: (v) => ({ url: '/api/versions/name', body: { fileId: v.id, name: 'Second draft' } }),
  },
  'POST /api/ai/operations/:operationId/cancel': {
    setup: async ({ newDoc, finishedOperation }) => {
      const { id } = await newDoc('Cancelled');
      return { operationId: await finishedOperation(id), spare: await finishedOperation(id) };
    },
    request: (v) => ({ url: `/api/ai/operations/${v.operationId}/cancel`, body: {} }),
    other: (v) => ({ url: `/api/ai/operations/${v.spare}/cancel`, body: {} }),
  },
  'POST /api/ai/operations': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Assisted')).id }),
    request: (v) => ({ url: '/api/ai/operations', body: { fileId: v.id, action: 'enhance', selection } }),
    other: (v) => ({ url: '/api/ai/operations', body: { fileId: v.id, action: 'shrink', selection } }),
    // The operation runs on after the answer: its stored response and metering settle before 'done'.
    settle: async (first, me) => void (await readStream(me, first.json<{ operationId: string }>().operationId)),
  },
  'POST /api/ai/alternatives': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Side by side')).id }),
    request: (v) => ({ url: '/api/ai/alternatives', body: { fileId: v.id, action: 'enhance', selection, alternatives: 3 } }),
    other: (v) => ({ url: '/api/ai/alternatives', body: { fileId: v.id, action: 'enhance', selection, alternatives: 2 } }),
    // The three run on after the answer: each one's stored response and metering settle before its 'done'.
    settle: async (first, me) => {
      for (const { operationId } of first.json<{ operations: Array<{ operationId: string }> }>().operations) await readStream(me, operationId);
    },
  },
  'DELETE /api/background-responses/:documentId/:operationId': {
    setup: async ({ newDoc, finishedOperation }) => {
      const { id } = await newDoc('With suggestion');
      return { id, operationId: await finishedOperation(id), spare: await finishedOperation(id) };
    },
    request: (v) => ({ url: `/api/background-responses/${v.id}/${v.operationId}` }),
    other: (v) => ({ url: `/api/background-responses/${v.id}/${v.spare}` }),
  },
  'POST /api/ai-provider/set': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Fast one')).id }),
    request: (v) => ({ url: '/api/ai-provider/set', body: { fileId: v.id, provider: 'fast' } }),
    other: (v) => ({ url: '/api/ai-provider/set', body: { fileId: v.id, provider: 'premium' } }),
  },
  'PUT /api/ai-provider/default': {
    request: () => ({ url: '/api/ai-provider/default', body: { provider: 'fast' } }),
    other: () => ({ url: '/api/ai-provider/default', body: { provider: 'premium' } }),
  },
  'POST /api/workspaces/convert': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('To convert')).id, spare: (await newDoc('Not converted')).id }),
    request: (v) => ({ url: '/api/workspaces/convert', body: { fileId: v.id } }),
    other: (v) => ({ url: '/api/workspaces/convert', body: { fileId: v.spare } }),
  },
  'POST /api/workspaces/:fileId/variants': {
    setup: async (ctx) => ({ id: await newWorkspace(ctx) }),
    request: (v) => ({ url: `/api/workspaces/${v.id}/variants`, body: { type: 'vary', instructions: 'For sailors.' } }),
    other: (v) => ({ url: `/api/workspaces/${v.id}/variants`, body: { type: 'duplicate' } }),
    // The variant's generation runs on after the answer: its text and metering settle before its last event.
    settle: async (first, me) => void (await readStream(me, first.json<{ operationId: string }>().operationId)),
  },
  'PATCH /api/workspaces/variants/:variantId': {
    setup: async (ctx) => ({ id: await newVariant(ctx, await newWorkspace(ctx)) }),
    request: (v) => ({ url: `/api/workspaces/variants/${v.id}`, body: { variantLabel: 'For LinkedIn' } }),
    other: (v) => ({ url: `/api/workspaces/variants/${v.id}`, body: { variantLabel: 'For X' } }),
  },
  'DELETE /api/workspaces/variants/:variantId': {
    setup: async (ctx) => {
      const master = await newWorkspace(ctx);
      return { id: await newVariant(ctx, master), spare: await newVariant(ctx, master) };
    },
    request: (v) => ({ url: `/api/workspaces/variants/${v.id}` }),
    other: (v) => ({ url: `/api/workspaces/variants/${v.spare}` }),
  },
  'POST /api/workspaces/variants/:variantId/update-from-master': {
    setup: async (ctx) => ({ id: await newVariant(ctx, await newWorkspace(ctx)) }),
    request: (v) => ({ url: `/api/workspaces/variants/${v.id}/update-from-master`, body: {} }),
    other: (v) => ({ url: `/api/workspaces/variants/${v.id}/update-from-master`, body: { providerMode: 'fast' } }),
  },
  'POST /api/shares/create': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('To share')).id, spare: (await newDoc('Also to share')).id }),
    request: (v) => ({ url: '/api/shares/create', body: { fileId: v.id } }),
    other: (v) => ({ url: '/api/shares/create', body: { fileId: v.spare } }),
  },
  'POST /api/grants/invite': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('To invite to')).id }),
    request: (v) => ({ url: '/api/grants/invite', body: { fileId: v.id, email: 'guest-one@example.com', role: 'viewer' } }),
    other: (v) => ({ url: '/api/grants/invite', body: { fileId: v.id, email: 'guest-two@example.com', role: 'editor' } }),
  },
  'POST /api/grants/accept/:token': {
    setup: async ({ newDoc, invitationToken }) => {
      const { id } = await newDoc('Invited to');
      return { token: await invitationToken(id), spare: await invitationToken(id) };
    },
    request: (v) => ({ url: `/api/grants/accept/${v.token}`, body: {} }),
    other: (v) => ({ url: `/api/grants/accept/${v.spare}`, body: {} }),
  },
  'POST /api/grants/role': {
    setup: async ({ newDoc, grantee }) => {
      const { id } = await newDoc('Granted');
      return { id, person: await grantee(id) };
    },
    request: (v) => ({ url: '/api/grants/role', body: { fileId: v.id, granteeId: v.person, role: 'editor' } }),
    other: (v) => ({ url: '/api/grants/role', body: { fileId: v.id, granteeId: v.person, role: 'commenter' } }),
  },
  'POST /api/grants/remove': {
    setup: async ({ newDoc, grantee }) => {
      const { id } = await newDoc('Granted, then not');
      return { id, person: await grantee(id), spare: await grantee(id) };
    },
    request: (v) => ({ url: '/api/grants/remove', body: { fileId: v.id, granteeId: v.person } }),
    other: (v) => ({ url: '/api/grants/remove', body: { fileId: v.id, granteeId: v.spare } }),
  },
  'POST /api/shares/disable': {
    setup: async ({ newDoc, me }) => {
      const { id } = await newDoc('Shared, then not');
      expect((await me.call('POST', '/api/shares/create', { fileId: id })).status).toBe(200);
      return { id, spare: (await newDoc('Never shared')).id };
    },
    request: (v) => ({ url: '/api/shares/disable', body: { fileId: v.id } }),
    other: (v) => ({ url: '/api/shares/disable', body: { fileId: v.spare } }),
  },
  'POST /api/shares/regenerate-slug': {
    setup: async ({ newDoc, me }) => {
      const { id } = await newDoc('Shared with a new link');
      const spare = (await newDoc('Shared too')).id;
      for (const fileId of [id, spare]) expect((await me.call('POST', '/api/shares/create', { fileId })).status).toBe(200);
      return { id, spare };
    },
    request: (v) => ({ url: '/api/shares/regenerate-slug', body: { fileId: v.id } }),
    other: (v) => ({ url: '/api/shares/regenerate-slug', body: { fileId: v.spare } }),
  },
  'POST /api/shares/:slug/copy': {
    setup: async ({ newDoc, me }) => {
      const slugOf = async (name: string) => {
        const { id } = await newDoc(name);
        return (await me.call('POST', '/api/shares/create', { fileId: id })).body.shareSlug as string;
      };
      return { slug: await slugOf('Shared to copy'), spare: await slugOf('Shared to copy too') };
    },
    request: (v) => ({ url: `/api/shares/${v.slug}/copy`, body: {} }),
    other: (v) => ({ url: `/api/shares/${v.spare}/copy`, body: {} }),
  },
  'PUT /api/admin/publishing/documents/:fileId/draft': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Draft post')).id }),
    request: (v) => ({ url: `/api/admin/publishing/documents/${v.id}/draft`, body: { ...postDraft, slug: `draft-${v.id!.toLowerCase()}` } }),
    other: (v) => ({ url: `/api/admin/publishing/documents/${v.id}/draft`, body: { ...postDraft, slug: `other-${v.id!.toLowerCase()}` } }),
  },
  'POST /api/admin/publishing/documents/:fileId/publish': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Published post')).id }),
    request: (v) => ({ url: `/api/admin/publishing/documents/${v.id}/publish`, body: { ...postDraft, slug: `post-${v.id!.toLowerCase()}` } }),
    other: (v) => ({
      url: `/api/admin/publishing/documents/${v.id}/publish`,
      body: { ...postDraft, slug: `post-${v.id!.toLowerCase()}`, category: 'updates' },
    }),
  },
  'POST /api/admin/publishing/documents/:fileId/unpublish': {
    setup: async ({ newDoc, me }) => {
      const { id } = await newDoc('Unpublished post');
      const spare = (await newDoc('Still published')).id;
      for (const fileId of [id, spare]) {
        const res = await me.call('POST', `/api/admin/publishing/documents/${fileId}/publish`, { ...postDraft, slug: `gone-${fileId.toLowerCase()}` });
        expect(res.status).toBe(200);
      }
      return { id, spare };
    },
    request: (v) => ({ url: `/api/admin/publishing/documents/${v.id}/unpublish`, body: {} }),
    other: (v) => ({ url: `/api/admin/publishing/documents/${v.spare}/unpublish`, body: {} }),
  },
  'POST /api/chat/:fileId/messages': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Talked about')).id }),
    request: (v) => ({ url: `/api/chat/${v.id}/messages`, body: { message: 'Summarise this' } }),
    other: (v) => ({ url: `/api/chat/${v.id}/messages`, body: { message: 'Suggest three titles' } }),
  },
  'POST /api/checks/ai': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Checked by the AI')).id }),
    request: (v) => ({ url: '/api/checks/ai', body: { fileId: v.id, blocks: [{ id: 'b1', type: 'paragraph', text: 'Everyone agrees it worked.' }] } }),
    other: (v) => ({ url: '/api/checks/ai', body: { fileId: v.id, blocks: [{ id: 'b1', type: 'paragraph', text: 'Nobody asked why.' }] } }),
  },
  'PUT /api/search/settings': {
    request: () => ({ url: '/api/search/settings', body: { language: 'english' } }),
    other: () => ({ url: '/api/search/settings', body: { language: 'french' } }),
  },
  'DELETE /api/chat/:fileId': {
    setup: async ({ me, newDoc }) => {
      const { id } = await newDoc('Talked about, then cleared');
      const spare = (await newDoc('Also talked about')).id;
      for (const fileId of [id, spare]) expect((await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Summarise this' })).status).toBe(200);
      return { id, spare };
    },
    request: (v) => ({ url: `/api/chat/${v.id}` }),
    other: (v) => ({ url: `/api/chat/${v.spare}` }),
  },
  'PUT /api/voice/profile': {
    request: () => ({ url: '/api/voice/profile', body: { userNotes: 'Short sentences.' } }),
    other: () => ({ url: '/api/voice/profile', body: { userNotes: 'Long sentences.' } }),
  },
  'PUT /api/checks/settings': {
    request: () => ({ url: '/api/checks/settings', body: { disabledRules: ['cliche'], longSentenceWords: 30, extraCliches: [] } }),
    other: () => ({ url: '/api/checks/settings', body: { disabledRules: [], longSentenceWords: 40, extraCliches: [] } }),
  },
  'POST /api/checks/ignored': {
    setup: async ({ newDoc }) => ({ id: (await newDoc('Checked')).id }),
    request: (v) => ({ url: '/api/checks/ignored', body: { fileId: v.id, findingId: 'cliche:b1:0000abcd', ignored: true } }),
    other: (v) => ({ url: '/api/checks/ignored', body: { fileId: v.id, findingId: 'cliche:b1:0000abcd', ignored: false } }),
  },
  'POST /api/billing/initialize-welcome': {
    request: () => ({ url: '/api/billing/initialize-welcome' }),
    other: (_v, me) => ({ url: '/api/billing/initialize-welcome', body: { tenantId: me.sub } }),
  },
  'POST /api/billing/create-checkout-session': {
    // Checkout is for a tenant without a live subscription.
    async setup({ cancelPro }) {
      await cancelPro();
      return {};
    },
    request: () => ({ url: '/api/billing/create-checkout-session', body: { planType: 'PRO' } }),
    other: (_v, me) => ({ url: '/api/billing/create-checkout-session', body: { planType: 'PRO', tenantId: me.sub } }),
  },
  'POST /api/billing/create-portal-session': {
    // The portal needs a Stripe customer, made by a first checkout.
    async setup({ me }) {
      expect((await me.call('POST', '/api/billing/create-checkout-session', { planType: 'PRO' })).status).toBe(200);
      return {};
    },
    request: () => ({ url: '/api/billing/create-portal-session' }),
    other: (_v, me) => ({ url: '/api/billing/create-portal-session', body: { tenantId: me.sub } }),
  },
  'POST /api/billing/spending-limit': {
    request: () => ({ url: '/api/billing/spending-limit', body: { spendingLimit: 5 } }),
    other: () => ({ url: '/api/billing/spending-limit', body: { spendingLimit: 6 } }),
  },
  'POST /api/voice/analyze': {
    request: () => ({ url: '/api/voice/analyze' }),
    other: (_v, me) => ({ url: '/api/voice/analyze', body: { tenantId: me.sub } }),
    // The analysis runs on in this process (no job runner here): wait for its profile.
    settle: (_first, me) => waitFor('the voice analysis', async () => (await me.call('GET', '/api/voice/profile')).body.status !== 'analyzing'),
  },
  // The replay user is an administrator (ADMIN_EMAILS below).
  'PUT /api/admin/feedback/:feedbackId': {
    setup: async ({ me }) => ({ id: await newFeedback(me, 'Marked') }),
    request: (v) => ({ url: `/api/admin/feedback/${v.id}`, body: { status: 'read' } }),
    other: (v) => ({ url: `/api/admin/feedback/${v.id}`, body: { preserve: true } }),
  },
  'POST /api/admin/feedback/bulk-delete': {
    setup: async ({ me }) => ({ id: await newFeedback(me, 'Deleted'), spare: await newFeedback(me, 'Kept') }),
    request: (v) => ({ url: '/api/admin/feedback/bulk-delete', body: { feedbackIds: [v.id] } }),
    other: (v) => ({ url: '/api/admin/feedback/bulk-delete', body: { feedbackIds: [v.spare] } }),
  },
  'PUT /api/admin/ai-switch': {
    request: () => ({ url: '/api/admin/ai-switch', body: { assistantOff: false, premiumOff: true, dictationOff: false } }),
    // Ends with everything on again: the examples after this one call models.
    other: () => ({ url: '/api/admin/ai-switch', body: { assistantOff: false, premiumOff: false, dictationOff: false } }),
  },
  'POST /api/dictations': {
    setup: async ({ newDoc, makePro }) => {
      await makePro();
      return { id: (await newDoc('Dictated')).id };
    },
    request: (v) => ({ url: `/api/dictations?fileId=${v.id}&durationMs=2000`, body: SPEECH(), headers: { 'content-type': 'audio/wav' } }),
    other: (v) => ({ url: `/api/dictations?fileId=${v.id}&durationMs=2000&polish=false`, body: SPEECH(), headers: { 'content-type': 'audio/wav' } }),
  },
  'POST /api/dictations/preview': {
    setup: async ({ newDoc, makePro }) => {
      await makePro();
      return { id: (await newDoc('Previewed')).id };
    },
    request: (v) => ({ url: `/api/dictations/preview?fileId=${v.id}&durationMs=2000`, body: SPEECH(), headers: { 'content-type': 'audio/wav' } }),
    other: (v) => ({ url: `/api/dictations/preview?fileId=${v.id}&durationMs=2500`, body: SPEECH(), headers: { 'content-type': 'audio/wav' } }),
  },
};

/** A feedback item sent by the user (a multipart upload, which is not replayed itself). */
async function newFeedback(me: TestUser, message: string): Promise<string> {
  const res = await sendFeedback(currentApp, me, [...fields(message), { name: 'screenshot', file: { filename: 's.png', type: 'image/png', data: PNG } }]);
  expect(res.status).toBe(200);
  return res.body.id as string;
}
let currentApp: FastifyInstance;

/** Mutating routes that deliberately do not replay by X-Operation-Id, and why. */
const OPTED_OUT = {
  'POST /api/files/get': 'a read sent as POST',
  'POST /api/files/list': 'a read sent as POST',
  'POST /api/files/content-only-update': 'content saves replay by the operationId in their body (file_operations)',
  'POST /api/feedback': 'a streamed multipart upload has no body to fingerprint; each Submit is a new feedback item',
  'POST /api/images': 'a streamed multipart upload has no body to fingerprint; each upload is a new image (a retry stores a second copy, never a wrong answer)',
  'POST /api/search/text': 'a read sent as POST',
  'POST /api/search/vector': 'a read sent as POST',
  'POST /api/search/hybrid': 'a read sent as POST',
  'POST /api/account/sign-out-everywhere': 'it ends the token it carries: a retry is refused 401 and can end no later session',
  'POST /api/presence/:fileId':
    'a heartbeat keeps nothing but memory and answers who is there now: a remembered answer would be stale, a repeat changes nothing',
  'POST /api/presence/:fileId/leave': 'a goodbye kept only in memory: a repeat changes nothing',
  'POST /api/dictations/received': 'an acknowledgement kept only in memory: a repeat changes nothing',
  'POST /api/account/delete': 'a remembered answer would be written under the deleted tenant; a retry is refused 401 (the account is gone) or changes nothing',
};

describe('every mutating API route answers a retried X-Operation-Id once', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let stripe: FakeStripe;
  let stt: FakeTranscription;
  let sink: SmtpSink;
  let me: TestUser;
  let ctx: Ctx;
  let docs = 0;

  beforeAll(async () => {
    // Emptied first: the issuer's keys live in the database, and every Bree here must share them.
    await resetDatabase(await getTestDatabase());
    // Billing on (a local fake Stripe API), so the billing routes answer 200 and can be replayed.
    stripe = await startFakeStripe();
    stt = await startFakeTranscription();
    // A mail server, so an address change (which mails its link) can run.
    sink = await startSmtpSink();
    // An administrator who is the publishing tenant (named by id, so the account comes first), for the admin and publishing routes.
    const setup = await createTestApp();
    const account = await newVerifiedUser(setup, REPLAY_ADMIN);
    await setup.close();
    ({ t, fake } = await createAiTestApp({
      ...fakeStripeEnv(stripe),
      ...fakeTranscriptionEnv(stt),
      SMTP_URL: sink.url,
      ADMIN_EMAILS: REPLAY_ADMIN,
      PUBLISHING_TENANT: account.sub,
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'bree-replay-')),
    }));
    currentApp = t.app;
    me = onApp(t.app, account);
    // Workspaces come with Pro: the tenant subscribes first, as Stripe's webhook tells Bree.
    const { subscription } = await subscribeToPro(t.app, stripe, me);
    ctx = {
      async cancelPro() {
        await cancelSubscription(t.app, stripe, subscription);
      },
      me,
      async newDoc(name) {
        docs += 1;
        const res = await me.call('POST', '/api/files/create', { filePath: `${name} ${docs}`, content: doc('rough draft words', 'more words') });
        expect(res.status).toBe(200);
        return { id: res.body.file.id as string, path: res.body.file.filePath as string };
      },
      async finishedOperation(fileId) {
        const started = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection });
        expect(started.status).toBe(200);
        await readStream(me, started.body.operationId as string);
        return started.body.operationId as string;
      },
      async invitationToken(fileId) {
        docs += 1;
        const email = `invited-${docs}@example.com`;
        expect((await me.call('POST', '/api/grants/invite', { fileId, email, role: 'viewer' })).body.mailed).toBe(true);
        return linkIn(await sink.waitForMail(email)).split('/app/invite/')[1]!;
      },
      async grantee(fileId) {
        const person = await newUser(t.app, 'replay-grantee');
        expect((await person.call('POST', `/api/grants/accept/${await ctx.invitationToken(fileId)}`)).status).toBe(200);
        return person.sub;
      },
      async makePro() {
        if ((await me.call('GET', '/api/billing/subscription-status')).body.planType !== 'PRO') await subscribeToPro(t.app, stripe, me);
      },
    };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await stripe.close();
    await stt.close();
    await sink.close();
  });

  it('has an example for every mutating authenticated route, and every other mutating route is a known opt-out', () => {
    const mutating = t.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && !r.public && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    const replayed = mutating.filter(isReplayRoute).map((r) => `${r.method} ${r.url}`);
    const optedOut = mutating.filter((r) => !isReplayRoute(r)).map((r) => `${r.method} ${r.url}`);
    expect(
      replayed.filter((route) => !EXAMPLES[route]),
      'replayable routes without an example in EXAMPLES',
    ).toEqual([]);
    expect(
      Object.keys(EXAMPLES).filter((route) => !replayed.includes(route)),
      'examples of routes that do not exist or do not replay',
    ).toEqual([]);
    expect(optedOut.sort()).toEqual(Object.keys(OPTED_OUT).sort());
  });

  it.each(Object.keys(EXAMPLES))('%s: the same id answers the same without a second write; another request with it gets 409', async (route) => {
    const example = EXAMPLES[route]!;
    const method = route.split(' ')[0] as Method;
    const v = (await example.setup?.(ctx)) ?? {};
    const request = { method, ...example.request(v, me) };
    const operationId = randomUUID();

    const first = await send(t.app, me, request, operationId);
    expect(first.statusCode, first.body).toBe(200);
    await example.settle?.(first, me);
    const before = await snapshot(t.database);

    const second = await send(t.app, me, request, operationId);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['x-operation-replayed']).toBe('true');
    expect(await snapshot(t.database)).toEqual(before);

    const other = example.other(v, me);
    const refused = await send(t.app, me, { method, ...other }, operationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: 'operation_id_reused', message: expect.any(String) } });
    expect(await snapshot(t.database)).toEqual(before);

    // Without the header nothing is remembered: the other request simply runs.
    expect((await send(t.app, me, { method, ...other })).statusCode).toBeLessThan(500);
  });
});

describe('replays of one operation id', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let me: TestUser;

  beforeAll(async () => {
    // Emptied first: the issuer's keys live in the database, and every Bree here must share them.
    await resetDatabase(await getTestDatabase());
    ({ t, fake } = await createAiTestApp());
    me = await newUser(t.app, 'replays');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const create = (filePath: string): Req & { method: Method } => ({ method: 'POST', url: '/api/files/create', body: { filePath, content: doc('once only') } });

  it('makes one document of a create sent twice, with the same answer', async () => {
    const id = randomUUID();
    const first = await send(t.app, me, create('Twice'), id);
    const second = await send(t.app, me, create('Twice'), id);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    const names = (await me.call('GET', '/api/files/list-paged?view=all')).body.items.map((f: { name: string }) => f.name);
    expect(names.filter((n: string) => n.startsWith('Twice'))).toEqual(['Twice.txt']);
  });

  it('makes one document of the same create sent concurrently', async () => {
    const before = await countFiles(t.database, me.sub);
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(t.app, me, create('Racing'), id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['x-operation-replayed'] === 'true')).toHaveLength(5);
    expect(await countFiles(t.database, me.sub)).toBe(before + 1);
  });

  it('makes one document of the same create sent to two Bree processes on one database at once', async () => {
    const second = await createTestApp(fakeAiEnv(fake));
    try {
      const before = await countFiles(t.database, me.sub);
      const id = randomUUID();
      const answers = await Promise.all([
        send(t.app, me, create('Two processes'), id),
        send(second.app, me, create('Two processes'), id),
        send(t.app, me, create('Two processes'), id),
        send(second.app, me, create('Two processes'), id),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await countFiles(t.database, me.sub)).toBe(before + 1);
    } finally {
      await second.close();
    }
  });

  it('keeps operation ids per tenant: another tenant with the same id gets its own answer', async () => {
    const other = await newUser(t.app, 'neighbour');
    const id = randomUUID();
    const mine = await send(t.app, me, create('Shared id'), id);
    const theirs = await send(t.app, other, create('Shared id'), id);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['x-operation-replayed']).toBeUndefined();
    expect(theirs.json().file.id).not.toBe(mine.json().file.id);
    expect(await countFiles(t.database, other.sub)).toBe(1);
    // And a different request of the other tenant with that id is theirs to make.
    expect((await send(t.app, other, create('Shared id again'), id)).statusCode).toBe(409);
  });

  it('remembers a deterministic 4xx, but runs the request only when nothing was remembered', async () => {
    await me.call('POST', '/api/files/create', { filePath: 'Occupied', content: doc('x') });
    await me.call('POST', '/api/files/create', { filePath: 'Mover', content: doc('y') });
    const rename: Req & { method: Method } = { method: 'POST', url: '/api/files/rename', body: { oldFilePath: 'Mover.txt', newFilePath: 'Occupied' } };
    const id = randomUUID();
    const taken = await send(t.app, me, rename, id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('path_exists');
    await me.call('POST', '/api/files/delete', { filePath: 'Occupied.txt' });
    // The same operation again: the remembered answer, although the name is free now.
    const again = await send(t.app, me, rename, id);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(taken.body);
    // A new operation (new id) renames.
    expect((await send(t.app, me, rename, randomUUID())).statusCode).toBe(200);
  });

  it('remembers nothing for a 5xx: the retry runs (here on a Bree whose AI is configured)', async () => {
    const plain = await createTestApp();
    try {
      const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Needs AI', content: doc('rough draft words') })).body.file.id as string;
      const start: Req & { method: Method } = { method: 'POST', url: '/api/ai/operations', body: { fileId, action: 'enhance', selection } };
      const id = randomUUID();
      const unconfigured = await send(plain.app, me, start, id);
      expect(unconfigured.statusCode).toBe(503);
      expect(await t.database.query('select 1 from request_replays where operation_id = $1', [id])).toHaveLength(0);
      const retried = await send(t.app, me, start, id);
      expect(retried.statusCode).toBe(200);
      expect(retried.headers['x-operation-replayed']).toBeUndefined();
      await readStream(me, retried.json().operationId);
    } finally {
      await plain.close();
    }
  });

  it('never starts a second AI operation: a replay asking for events follows the first one, a JSON replay answers its id', async () => {
    const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Streamed', content: doc('rough draft words') })).body.file.id as string;
    const start: Req & { method: Method } = { method: 'POST', url: '/api/ai/operations', body: { fileId, action: 'enhance', selection } };
    const sse = { accept: 'text/event-stream' };
    const id = randomUUID();
    fake.requests.length = 0;
    const first = await send(t.app, me, start, id, sse);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    const firstEvents = parseSse(first.body);
    expect(firstEvents[0]).toMatchObject({ event: 'started', data: { operationId: expect.any(String) } });
    expect(firstEvents.at(-1)!.event).toBe('done');
    const operationId = firstEvents[0]!.data.operationId;
    const usage = (await me.call('GET', '/api/usage/current')).body;

    const replayed = await send(t.app, me, start, id, sse);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseSse(replayed.body);
    expect(events[0]).toEqual({ event: 'started', data: firstEvents[0]!.data });
    expect(events.at(-1)).toEqual(firstEvents.at(-1));

    const asJson = await send(t.app, me, start, id);
    expect(asJson.headers['content-type']).toMatch(/^application\/json/);
    expect(asJson.json()).toEqual(firstEvents[0]!.data);

    expect(fake.requests).toHaveLength(1);
    expect((await me.call('GET', '/api/usage/current')).body).toEqual(usage);
    const responses = (await me.call('GET', `/api/background-responses/${fileId}`)).body.responses;
    expect(responses.map((r: { operationId: string }) => r.operationId)).toEqual([operationId]);
  });

  it('answers only mutating requests from memory, and refuses a malformed id', async () => {
    const id = randomUUID();
    const get = await t.app.inject({ method: 'GET', url: '/api/tenant/status', headers: { authorization: `Bearer ${me.token}`, 'x-operation-id': id } });
    expect(get.statusCode).toBe(200);
    const read = await send(t.app, me, { method: 'POST', url: '/api/files/list', body: {} }, id);
    expect(read.statusCode).toBe(200);
    expect(await t.database.query('select 1 from request_replays where operation_id = $1', [id])).toHaveLength(0);
    const bad = await send(t.app, me, create('Bad id'), 'with spaces in it');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });
});

describe('claims of a request still running, or left by a process that died', () => {
  let t: TestApp;
  let me: TestUser;
  let app: FastifyInstance;
  let identity: Identity;
  let replays: ReplayService;

  beforeAll(async () => {
    await resetDatabase(await getTestDatabase());
    t = await createTestApp();
    me = await newUser(t.app, 'claims');
    // A Bree whose claims run out fast and whose duplicates wait briefly.
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3999', LOG_LEVEL: 'silent' });
    identity = await createIdentity({ config, database: t.database });
    replays = createReplayService({ db: t.database.db, leaseMs: 400, maxWaitMs: 2_000 });
    app = await buildApp({ config, database: t.database, identity, services: { ...createServices({ database: t.database, config }), replays } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await identity.close();
    await t.close();
  });

  const create = (filePath: string): Req & { method: 'POST' } => ({ method: 'POST', url: '/api/files/create', body: { filePath, content: doc('claimed') } });
  const claimAs = (req: Req & { method: Method }, operationId: string) =>
    replays.begin({
      tenantId: me.sub,
      operationId,
      fingerprint: requestFingerprint({ method: req.method, url: req.url, body: req.body }),
      route: `${req.method} ${req.url}`,
    });

  it('waits for the first request and answers with its answer', async () => {
    const id = randomUUID();
    const held = await claimAs(create('Waited for'), id);
    if (held.kind !== 'run') throw new Error(`expected to hold the claim, got ${held.kind}`);
    const waiting = send(app, me, create('Waited for'), id);
    await new Promise((r) => setTimeout(r, 200));
    await held.claim.complete({ status: 200, contentType: 'application/json; charset=utf-8', body: '{"remembered":true}' });
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ remembered: true });
  });

  it('answers 503 operation_in_progress when the first request outlasts the wait, and never blocks on a released claim', async () => {
    const id = randomUUID();
    const held = await claimAs(create('Slow'), id);
    if (held.kind !== 'run') throw new Error('expected to hold the claim');
    const busy = await send(app, me, create('Slow'), id);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().error.code).toBe('operation_in_progress');
    // The first one failed (a 5xx): its claim is released and the retry runs.
    await held.claim.release();
    const retried = await send(app, me, create('Slow'), id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().file.name).toBe('Slow.txt');
  });

  it('takes over the claim of a process that died once its lease runs out', async () => {
    const before = await countFiles(t.database, me.sub);
    const id = randomUUID();
    const claimedAt = Date.now();
    const held = await claimAs(create('Orphan'), id);
    if (held.kind !== 'run') throw new Error('expected to hold the claim');
    held.claim.abandon();
    const res = await send(app, me, create('Orphan'), id);
    expect(res.statusCode).toBe(200);
    // Not before the lease (400 ms) ran out.
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(350);
    expect(await countFiles(t.database, me.sub)).toBe(before + 1);
    // The dead claim's late answer cannot overwrite the new one.
    await held.claim.complete({ status: 200, contentType: 'application/json', body: '{}' });
    expect((await send(app, me, create('Orphan'), id)).body).toBe(res.body);
  });

  it('forgets answers after 24 hours (the maintenance sweep), after which the id runs anew', async () => {
    const id = randomUUID();
    expect((await send(app, me, create('Yesterday'), id)).statusCode).toBe(200);
    await t.database.query("update request_replays set created_at = now() - interval '25 hours' where operation_id = $1", [id]);
    expect(await replays.sweep()).toBeGreaterThanOrEqual(1);
    expect(await t.database.query('select 1 from request_replays where operation_id = $1', [id])).toHaveLength(0);
    const again = await send(app, me, create('Yesterday'), id);
    expect(again.statusCode).toBe(200);
    expect(again.json().file.name).toBe('Yesterday 2.txt');
  });
});
