import { randomUUID } from 'node:crypto';
import { budgetRefusalDetailsSchema } from '@bree/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import { setUsage } from './billing-support';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

const LINE = 'A rough line to polish.';
const selection = { text: LINE, nodeIds: ['n1'] };

/** 'Show 3 versions' (docs/ASSISTANT.md "Three versions at once"; metering: docs/BILLING.md). */
describe('three versions at once (POST /api/ai/alternatives)', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let me: TestUser;
  let fileId: string;

  beforeAll(async () => {
    // The Free plan's 10 Premium calls make the call cap easy to reach.
    ({ t, fake } = await createAiTestApp({ DEFAULT_PLAN: 'free' }));
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    me = await newUser(t.app, `side-${randomUUID().slice(0, 8)}`);
    fileId = (await me.call('POST', '/api/files/create', { content: doc(LINE) })).body.file.id as string;
    fake.requests.length = 0;
  });

  const start = (body: Record<string, unknown> = {}) =>
    me.call('POST', '/api/ai/alternatives', { fileId, action: 'enhance', selection, alternatives: 3, ...body });

  it('starts three operations, each asked for its own approach, streamed on its own and metered as three calls', async () => {
    const rules = [1, 2, 3].map((n) => fake.answer(new RegExp(`this is version ${n} of 3`), `Version ${n} of the line.`));
    try {
      const res = await start();
      expect(res.status).toBe(200);
      const operations = res.body.operations as Array<{ operationId: string; tier: string }>;
      expect(operations).toHaveLength(3);
      expect(new Set(operations.map((o) => o.operationId)).size).toBe(3);
      expect(operations.every((o) => o.tier === 'premium')).toBe(true);
      // All three are held at once: three calls counted before any answer is in.
      const held = (await me.call('GET', '/api/usage/current')).body;
      expect(held.premiumCalls).toBe(3);
      const streams = await Promise.all(operations.map((o) => readStream(me, o.operationId)));
      streams.forEach(({ events }, i) => {
        expect(events.at(-1)).toMatchObject({
          event: 'done',
          data: { response: { status: 'completed', operationType: 'rewrite', response: { generatedContent: `Version ${i + 1} of the line.` } } },
        });
      });
      expect(fake.requests).toHaveLength(3);
      for (const r of fake.requests) expect(r.text).toContain(`<selection>\n${LINE}\n</selection>`);
      expect(fake.requests.map((r) => /this is version (\d) of 3/.exec(r.text)?.[1]).sort()).toEqual(['1', '2', '3']);
      const usage = (await me.call('GET', '/api/usage/current')).body;
      expect(usage).toMatchObject({ premiumCalls: 3, reserved: 0 });
      expect(usage.cost).toBeGreaterThan(0);
      // Each is its own stored result, deleted on its own (Reject deletes all three).
      const stored = (await me.call('GET', `/api/background-responses/${fileId}`)).body.responses as Array<{ operationId: string }>;
      expect(stored.map((r) => r.operationId).sort()).toEqual(operations.map((o) => o.operationId).sort());
    } finally {
      rules.forEach((remove) => remove());
    }
  });

  it('is refused before any call, with nothing held or counted, when the call cap covers only two; two still run', async () => {
    await setUsage(t, { tenantId: me.sub, premiumCalls: 8 });
    const refused = await start();
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('budget_exceeded');
    const details = budgetRefusalDetailsSchema.parse(refused.body.error.details);
    expect(details).toMatchObject({ ranOut: 'premiumCalls', tier: 'premium', left: { premiumCalls: 2 } });
    expect(fake.requests).toHaveLength(0);
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 8, reserved: 0 });
    expect((await me.call('GET', `/api/background-responses/${fileId}`)).body.responses).toEqual([]);

    const two = await start({ alternatives: 2 });
    expect(two.status).toBe(200);
    const ids = (two.body.operations as Array<{ operationId: string }>).map((o) => o.operationId);
    expect(ids).toHaveLength(2);
    await Promise.all(ids.map((id) => readStream(me, id)));
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 10, reserved: 0 });
  });

  it('a retried start with the same X-Operation-Id answers the same three operations and starts none', async () => {
    const id = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/alternatives',
        headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'x-operation-id': id },
        payload: { fileId, action: 'enhance', selection, alternatives: 3 },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const ids = first.json<{ operations: Array<{ operationId: string }> }>().operations.map((o) => o.operationId);
    await Promise.all(ids.map((o) => readStream(me, o)));
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-operation-replayed']).toBe('true');
    expect(again.json<{ operations: Array<{ operationId: string }> }>().operations.map((o) => o.operationId)).toEqual(ids);
    expect(fake.requests).toHaveLength(3);
    expect((await me.call('GET', '/api/usage/current')).body.premiumCalls).toBe(3);
  });

  it("works for any action: an insertion's three versions are insertions", async () => {
    const res = await me.call('POST', '/api/ai/alternatives', { fileId, action: 'add-content', selection: { text: '', nodeIds: ['n1'] }, alternatives: 3 });
    expect(res.status).toBe(200);
    const streams = await Promise.all((res.body.operations as Array<{ operationId: string }>).map((o) => readStream(me, o.operationId)));
    for (const { events } of streams) expect(events.at(-1)).toMatchObject({ event: 'done', data: { response: { operationType: 'insertContent' } } });
  });

  it('refuses bad requests with validation_failed and starts nothing', async () => {
    for (const alternatives of [1, 4, 2.5, '3', undefined]) {
      const res = await start({ alternatives });
      expect(res.status, String(alternatives)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const unselected = await start({ selection: { text: '  ', nodeIds: ['n1'] } });
    expect(unselected.status).toBe(400);
    expect(unselected.body.error.code).toBe('invalid_input');
    expect(fake.requests).toHaveLength(0);
    expect((await me.call('GET', '/api/usage/current')).body.premiumCalls).toBe(0);
  });

  it("cannot start versions of another writer's document, nor follow another writer's versions", async () => {
    const res = await start();
    const [first] = res.body.operations as Array<{ operationId: string }>;
    const other = await newUser(t.app, `other-${randomUUID().slice(0, 8)}`);
    const refused = await other.call('POST', '/api/ai/alternatives', { fileId, action: 'enhance', selection, alternatives: 3 });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('file_not_found');
    expect((await readStream(other, first!.operationId)).status).toBe(404);
    expect((await other.call('GET', '/api/usage/current')).body.premiumCalls).toBe(0);
    await Promise.all((res.body.operations as Array<{ operationId: string }>).map((o) => readStream(me, o.operationId)));
    expect(fake.requests).toHaveLength(3);
  });
});
