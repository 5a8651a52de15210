import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOLD_LEASE_SECONDS } from '../src/modules/usage/usage.holds';
import { createUsageService, type UsageService } from '../src/modules/usage/usage.service';
import { doc, newUser, type TestUser } from './api-client';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from './fakes/fake-ai-provider';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * Holds of calls run by a request (a chat reply, a dictation's polish) are leased to their process:
 * a process killed mid-call leaves them, and the sweep gives them back once the lease has run out.
 * The real kill -9 is in multiprocess/holds-after-kill.test.ts; here two usage services on one
 * database stand for two processes, one of which never renews (it died).
 */
describe('holds of calls whose process died', () => {
  let clock = Date.parse('2026-03-10T12:00:00Z');
  const now = () => new Date(clock);
  let t: TestApp;
  let fake: FakeAiProvider;
  let me: TestUser;
  /** A second process on the same database whose renewals never come: it was killed. */
  let dead: UsageService;

  const current = async () => (await me.call('GET', '/api/usage/current')).body as { premiumCalls: number; reserved: number; cost: number };
  const holdRows = async () => t.database.query<{ owner: string }>('select owner from usage_holds');

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    t = await createTestApp({ ...fakeAiEnv(fake), DEFAULT_PLAN: 'free' }, { now });
    await resetDatabase(t.database);
    dead = createUsageService({ db: t.database.db, plan: 'free', now, holds: { owner: 'killed-process', renewEverySeconds: 3600 } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    me = await newUser(t.app, 'holder');
    fake.requests.length = 0;
  });

  it('gives back a hold whose lease ran out, keeps one its process renews, and never gives one back twice', async () => {
    const usage = t.services.usage;
    const ask = { tenantId: me.sub, tier: 'premium', modelId: 'fake', promptTokens: 1000, maxOutputTokens: 1000 } as const;
    expect(await current()).toMatchObject({ premiumCalls: 0, reserved: 0, cost: 0 });
    const lost = await dead.reserve(ask);
    const live = await usage.reserve(ask);
    const dollars = Number(live.dollars);
    expect(dollars).toBeGreaterThan(0);
    expect(await current()).toMatchObject({ premiumCalls: 2, reserved: 2 * dollars });

    // Within the lease nothing is given back, even for the process that died.
    expect(await usage.sweepHolds()).toBe(0);
    // The living process renews its holds (its timer does, every few seconds); the dead one cannot.
    clock += (HOLD_LEASE_SECONDS / 2 + 1) * 1000;
    expect(await usage.renewHolds()).toBe(1);
    clock += (HOLD_LEASE_SECONDS / 2 + 1) * 1000;
    expect(await usage.sweepHolds()).toBe(1);
    expect(await current()).toMatchObject({ premiumCalls: 1, reserved: dollars, cost: 0 });
    expect(await holdRows()).toEqual([{ owner: usage.holdOwner }]);

    // The living call ends as usual: its hold is settled and its lease row goes with it.
    await usage.settle({ reservation: live, inputTokens: 100, outputTokens: 50 });
    const settled = await current();
    expect(settled).toMatchObject({ premiumCalls: 1, reserved: 0 });
    expect(settled.cost).toBeGreaterThan(0);
    expect(await holdRows()).toEqual([]);

    // A process that was only stalled past its lease settles its swept hold late: its call counts
    // once, and the dollars the sweep gave back are not taken from another call's hold.
    const other = await usage.reserve(ask);
    await dead.settle({ reservation: lost, inputTokens: 100, outputTokens: 50 });
    expect(await current()).toMatchObject({ premiumCalls: 3, reserved: Number(other.dollars) });
    await usage.settle({ reservation: other, inputTokens: 0, outputTokens: 0 });
    expect(await current()).toMatchObject({ premiumCalls: 2, reserved: 0, cost: 2 * settled.cost });
  });

  it("leases a chat reply's hold to its process while it streams, and an AI operation's to its job", async () => {
    const fileId = (await me.call('POST', '/api/files/create', { content: doc('A page to talk about.') })).body.file.id as string;
    fake.script({ kind: 'stream', chunks: ['One ', 'two ', 'three.'], intervalMs: 300 });
    const reply = me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Summarise this' });
    await expect.poll(holdRows, { timeout: 10_000 }).toEqual([{ owner: t.services.usage.holdOwner }]);
    // Renewed while it streams: a sweep long after the hold began leaves it alone.
    clock += (HOLD_LEASE_SECONDS - 1) * 1000;
    expect(await t.services.usage.renewHolds()).toBe(1);
    clock += (HOLD_LEASE_SECONDS - 1) * 1000;
    expect(await t.services.usage.sweepHolds()).toBe(0);
    expect((await reply).body.reply).toMatchObject({ content: 'One two three.', state: 'complete' });
    expect(await holdRows()).toEqual([]);
    expect(await current()).toMatchObject({ premiumCalls: 1, reserved: 0 });

    // An operation's job carries its hold (the job is taken over after a crash): no lease to sweep.
    const started = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'A page', nodeIds: ['n1'] } });
    expect(started.status).toBe(200);
    expect(await holdRows()).toEqual([]);
  });
});
