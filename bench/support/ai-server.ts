// Bree for the AI benchmark, in its own process (as in production, where the author's browser is
// elsewhere): the app with its pg-boss jobs as `npm start` runs it, one signed-up author and one
// document. Prints {port, token, sub, fileId} as one JSON line, then serves until killed.
// BENCH_BILLING=1: billing on, as a hosted Bree runs, and the author on Pro. Stripe is configured
// but never called before a first token: only the plan is read from the database.
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/db';
import { startJobs } from '../../apps/server/src/jobs/jobs';
import { createIdentity } from '../../apps/server/src/modules/identity/identity';
import { createServices } from '../../apps/server/src/services';
import { signUp } from '../../apps/server/test/auth-helpers';

const url = process.env.BENCH_DATABASE_URL;
const billing = process.env.BENCH_BILLING === '1';
const database = await createDatabase({ url, dataDir: 'memory://' });
if (url) {
  // A reused PostgreSQL database starts empty, like the embedded one.
  for (const schema of ['public', 'drizzle', 'pgboss']) await database.query(`drop schema if exists ${schema} cascade`);
  await database.query('create schema public');
}
await database.migrate();
const config = loadConfig({
  PUBLIC_URL: 'http://localhost:3999',
  LOG_LEVEL: 'silent',
  AI_FAST_MODEL: 'openai-compatible:fake-fast',
  AI_OPENAI_COMPATIBLE_BASE_URL: process.env.FAKE_BASE_URL ?? '',
  DEFAULT_PLAN: 'self-hosted',
  ...(billing
    ? { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: 'whsec_bench', STRIPE_PRICE_PRO: 'price_bench', STRIPE_API_BASE: 'http://127.0.0.1:9' }
    : {}),
});
const identity = await createIdentity({ config, database });
const services = createServices({ database, config });
const app = await buildApp({ config, database, identity, services });
const jobs = await startJobs({
  database,
  maintenance: services,
  voice: services.voice,
  ai: { queue: services.aiQueue },
  log: pino({ level: 'silent' }),
});
await app.listen({ port: 0, host: '127.0.0.1' });

const { accessToken, sub } = await signUp(app, { email: 'bench-ai@example.com', password: 'bench password' });
const created = await app.inject({
  method: 'POST',
  url: '/api/files/create',
  headers: { authorization: `Bearer ${accessToken}`, 'x-tenant-id': sub },
  payload: {
    content: {
      type: 'doc',
      content: ['Intro line.', 'rough draft words here', 'more rough words'].map((t) => ({ type: 'paragraph', content: [{ type: 'text', text: t }] })),
    },
  },
});
if (created.statusCode !== 200) throw new Error(`files/create answered ${created.statusCode}: ${created.body}`);
// A live Pro subscription, as Stripe's webhook would have written it.
if (billing) await database.query(`insert into billing_accounts (tenant_id, subscription_status) values ($1, 'active')`, [sub]);
const port = (app.server.address() as AddressInfo).port;
console.log(
  JSON.stringify({ port, token: accessToken, sub, fileId: created.json().file.id, database: billing ? `${database.kind}, billing on (Pro)` : database.kind }),
);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await jobs.stop();
    await identity.close();
    await database.close();
    process.exit(0);
  })();
});
