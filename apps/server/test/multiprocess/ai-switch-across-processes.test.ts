import type { AiConfig } from '@bree/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from '../fakes/fake-ai-provider';
import { startCluster, type Cluster } from './harness';
import { finishHttpAuthorization, httpApi, httpSignUp, startHttpAuthorization, submitHttpForm } from './http-sign-in';

const ADMIN = 'ops-admin@example.com';
const PASSWORD = 'a long password';
const ALL_ON = { assistantOff: false, premiumOff: false, dictationOff: false };
/** What "within seconds" means here: a NOTIFY arrives in milliseconds. */
const WITHIN_MS = 3_000;

// Real processes on a real PostgreSQL: only in the PostgreSQL run (scripts/test-postgres.mjs).
describe.runIf(process.env.BREE_TEST_POSTGRES === '1')('the AI switch across two Bree processes', { timeout: 60_000 }, () => {
  let cluster: Cluster;
  let fake: FakeAiProvider;
  let admin: ReturnType<typeof httpApi>;
  let writer: ReturnType<typeof httpApi>;

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    cluster = await startCluster({ count: 2, env: { ...fakeAiEnv(fake), ADMIN_EMAILS: ADMIN } });
    // The administrator's address confirmed (as `npm run verify-email` does), then signed in again for a token that says so.
    const first = await httpSignUp(cluster.url, { email: ADMIN, password: PASSWORD });
    const client = new pg.Client({ connectionString: cluster.database.url });
    await client.connect();
    await client.query('update users set email_verified = true where id = $1', [first.sub]);
    await client.end();
    const flow = await startHttpAuthorization(cluster.url);
    admin = httpApi(cluster.url, await finishHttpAuthorization(flow, await submitHttpForm(flow, 'login', { email: ADMIN, password: PASSWORD })));
    writer = httpApi(cluster.url, await httpSignUp(cluster.url, { email: 'ops-writer@example.com', password: PASSWORD }));
  }, 90_000);
  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });

  /** Asks process `name` for the writer's AI configuration until `check` holds or WITHIN_MS passed; answers how long it took. */
  async function seenOn(name: string, check: (config: AiConfig) => boolean, since: number): Promise<number> {
    for (;;) {
      cluster.proxy.sendNextTo(name);
      const config = (await writer('GET', '/api/config/ai')).body as AiConfig;
      if (check(config)) return Date.now() - since;
      if (Date.now() - since > WITHIN_MS) throw new Error(`process ${name} still answers ${JSON.stringify(config)}`);
    }
  }

  it('switched off on A, B refuses AI within seconds with the no-provider error; switched on again, B serves', async () => {
    const fileId = (
      await writer('POST', '/api/files/create', {
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Plain words.' }] }] },
      })
    ).body.file.id;
    const enhance = () => writer('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Plain words.', nodeIds: ['p'] } });
    // B has read the switch already (at its start): everything on.
    cluster.proxy.sendNextTo('B');
    expect((await writer('GET', '/api/config/ai')).body.tiers.fast.available).toBe(true);

    cluster.proxy.sendNextTo('A');
    const offAt = Date.now();
    expect((await admin('PUT', '/api/admin/ai-switch', { ...ALL_ON, assistantOff: true })).status).toBe(200);
    const tookMs = await seenOn('B', (c) => !c.tiers.fast.available && !c.tiers.premium.available, offAt);
    expect(tookMs).toBeLessThan(WITHIN_MS);
    cluster.proxy.sendNextTo('B');
    const refused = await enhance();
    expect(refused.status).toBe(503);
    expect(refused.body.error).toEqual({ code: 'ai_not_configured', message: 'AI is not set up on this server.' });

    // The audit log, read on B, has A's entry.
    cluster.proxy.sendNextTo('B');
    const log = (await admin('GET', '/api/admin/audit-log')).body;
    expect(log.items[0]).toMatchObject({ action: 'ai.switch', actorEmail: ADMIN, detail: { ...ALL_ON, assistantOff: true } });

    cluster.proxy.sendNextTo('B');
    const onAt = Date.now();
    expect((await admin('PUT', '/api/admin/ai-switch', ALL_ON)).status).toBe(200);
    await seenOn('A', (c) => c.tiers.fast.available && c.tiers.premium.available, onAt);
    cluster.proxy.sendNextTo('A');
    expect((await enhance()).status).toBe(200);
  });
});
