// The floor of the AI benchmark, in its own process like Bree: what any server must spend before an
// AI call's first word on this machine and database. Fastify, the same database driver as Bree
// (PGlite on its thread, or node-postgres), two round trips as Bree makes them (two reads at once,
// then one write of the call's data), then the same AI SDK call, forwarded as SSE. No sign-in,
// document, voice, budget or job: the time Bree takes above this is its own.
// Prints {port, database} as one JSON line, then serves until killed.
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import Fastify from 'fastify';
import { createDatabase } from '../../apps/server/src/db/db';

const database = await createDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
// Its own table: on PostgreSQL it shares the database Bree's benchmark process has just set up.
await database.query('create table if not exists bench_floor_calls (id bigserial primary key, data jsonb not null)');
const model = createOpenAICompatible({ name: 'openai-compatible', baseURL: process.env.FAKE_BASE_URL ?? '', includeUsage: true })('fake-fast');
const frame = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const app = Fastify();
app.post<{ Body: { selection: { text: string } } }>('/api/ai/operations', async (req, reply) => {
  const text = req.body.selection.text;
  await Promise.all([database.query('select $1::text as a', [text]), database.query('select length($1::text) as b', [text])]);
  const [row] = await database.query<{ id: string }>('insert into bench_floor_calls (data) values ($1::jsonb) returning id', [
    JSON.stringify({ system: 'Improve the text.', prompt: text }),
  ]);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.write(frame('started', { operationId: row?.id }));
  const result = streamText({ model, system: 'Improve the text.', prompt: text, maxRetries: 0, maxOutputTokens: 4000 });
  for await (const part of result.fullStream) if (part.type === 'text-delta' && part.text) res.write(frame('delta', { text: part.text }));
  res.end(frame('done', {}));
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.address() as AddressInfo).port, database: database.kind }));
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
