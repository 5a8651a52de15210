import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from '../fakes/fake-ai-provider';
import { fakeTranscriptionEnv, startFakeTranscription, type FakeTranscription } from '../fakes/fake-transcription';
import { speechWav } from '../fakes/speech';
import { startBackend, startCluster, type Cluster } from './harness';
import { httpApi, httpSignUp } from './http-sign-in';

/** The month's money figures as GET /api/usage/current gives them. */
interface Usage {
  fastCalls: number;
  premiumCalls: number;
  cost: number;
  reserved: number;
  voiceMinutes: number;
  limits: { creditDollars: number | null };
}

/** Polls `check` until it holds, failing after `withinMs`. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const remainingCredit = (u: Usage) => (u.limits.creditDollars ?? 0) - u.cost - u.reserved;

// Real processes on a real PostgreSQL: only in the PostgreSQL run (scripts/test-postgres.mjs).
describe.runIf(process.env.BREE_TEST_POSTGRES === '1')('budget held by calls of a Bree killed mid-call', { timeout: 240_000 }, () => {
  let ai: FakeAiProvider;
  let stt: FakeTranscription;
  let cluster: Cluster;
  let env: Record<string, string>;
  let api: ReturnType<typeof httpApi>;
  let session: { accessToken: string; sub: string };
  let fileId: string;

  beforeAll(async () => {
    ai = await startFakeAiProvider();
    stt = await startFakeTranscription();
    // Pro: a dollar credit to compare, and voice minutes for dictation. LOG_LEVEL info: 'background jobs started'.
    env = { ...fakeAiEnv(ai), ...fakeTranscriptionEnv(stt), DEFAULT_PLAN: 'pro', LOG_LEVEL: 'info' };
    cluster = await startCluster({ count: 1, env });
    session = await httpSignUp(cluster.url, { email: 'holds@example.com', password: 'a long password' });
    api = httpApi(cluster.url, session);
    const created = await api('POST', '/api/files/create', {
      filePath: 'Draft',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A page to talk about.' }] }] },
    });
    expect(created.status).toBe(200);
    fileId = String(created.body.file.id);
  }, 90_000);
  afterAll(async () => {
    await cluster?.close();
    await ai?.close();
    await stt?.close();
  });

  it('kill -9 during a chat reply and a polished dictation: after a restart the holds are given back and the credit left is unchanged', async () => {
    const usage = async () => (await api('GET', '/api/usage/current')).body as Usage;
    const before = await usage();
    expect(before).toMatchObject({ fastCalls: 0, premiumCalls: 0, cost: 0, reserved: 0 });

    // Both replies stream for minutes: the process dies long before either ends.
    const slow = { kind: 'stream' as const, chunks: Array.from({ length: 300 }, (_, i) => `slow${i} `), intervalMs: 1000 };
    ai.script(slow, slow);
    const headers = { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': session.sub };
    const chat = fetch(`${cluster.url}/api/chat/${fileId}/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'What is weak in this draft?' }),
    })
      .then((res) => res.text())
      .catch(() => '');
    await waitFor('the chat reply to be asked for', () => ai.requests.length === 1, 20_000);
    const dictation = fetch(`${cluster.url}/api/dictations?${new URLSearchParams({ fileId, durationMs: '4000' })}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'audio/wav' },
      body: new Uint8Array(speechWav('So the garden was quiet this morning.')),
    })
      .then((res) => res.text())
      .catch(() => '');
    await waitFor('the polish to be asked for', () => ai.requests.length === 2, 30_000);
    const during = await usage();
    expect(during).toMatchObject({ fastCalls: 1, premiumCalls: 1 });
    expect(during.reserved).toBeGreaterThan(0);
    // The recording was transcribed before the polish: its minutes were reported, and stay counted.
    const minutes = during.voiceMinutes;
    expect(minutes).toBeGreaterThan(0);

    await cluster.backends[0]!.kill();
    // The cut answers are not waited for: the proxy leaves a stream cut mid-body open until it closes.
    void Promise.all([chat, dictation]);
    const restarted = await startBackend({ name: 'A2', databaseUrl: cluster.database.url, publicUrl: cluster.url, env });
    cluster.proxy.backends.push(restarted);

    // The restart's sweep (once the dead process's leases have run out) gives both holds back.
    await waitFor(
      'the holds to be given back',
      async () => {
        const u = await usage();
        return u.reserved === 0 && u.fastCalls === 0 && u.premiumCalls === 0;
      },
      // A lease after the kill, then the sweep a lease after the restart or on the minute.
      100_000,
    );
    const after = await usage();
    expect(after).toMatchObject({ fastCalls: 0, premiumCalls: 0, cost: 0, reserved: 0, voiceMinutes: minutes });
    expect(remainingCredit(after)).toBe(remainingCredit(before));
    expect(restarted.output()).toMatch(/holds of stopped calls given back/);
  }, 240_000);
});
