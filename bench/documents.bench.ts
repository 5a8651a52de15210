// Document benchmarks, on PGlite and (when BENCH_DATABASE_URL is set) PostgreSQL:
// - GET /api/files/list-paged first page for a tenant with 10k and 100k documents, against a
//   raw keyset SELECT of the same rows (target ≤ 2×, flat from 10k to 100k);
// - content-only-update of a 10 KB and a 300 KB document against a raw
//   UPDATE … WHERE id = $1 AND revision = $2 of the same bytes (target ≤ 3×), and against the raw
//   UPDATE of what a save stores: the tree and its plain text, whose search index the table's
//   trigger keeps (docs/SEARCH.md).
import type { Database } from '../apps/server/src/db/db';
import { toPlainText, type DocJSON } from '@bree/editor';
import { benchApp, report } from './lib';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
async function time(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await fn(-1 - i); // warm-up
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

/** A document of about `bytes` bytes of JSON: paragraphs of prose. */
function docOfSize(bytes: number, salt: string) {
  const para = (i: number) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `${salt} paragraph ${i}: the quick brown fox jumps over the lazy dog, again and again, until the page is full.` }],
  });
  const content = [];
  for (let i = 0; JSON.stringify(content).length < bytes; i++) content.push(para(i));
  return { type: 'doc', content };
}

async function seed(database: Database, tenantId: string, count: number, offset: number) {
  await database.query(
    `insert into files (id, tenant_id, path, name, content, content_text, word_count, metadata, created_at, updated_at, content_updated_at)
     select 'B' || lpad(g::text, 25, '0'), $1, 'Doc ' || g || '.txt', 'Doc ' || g || '.txt',
            '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"seed"}]}]}'::jsonb, 'seed', 1,
            '{"authenticity":"Untagged"}'::jsonb, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval,
            now() - (g || ' seconds')::interval
     from generate_series($2::int, $3::int) g`,
    [tenantId, offset + 1, offset + count],
  );
  await database.query('analyze files');
}

async function run(kind: string, url: string | undefined) {
  const { database, identity, services, app, sub, headers } = await benchApp(`bench-${kind}@example.com`, url);
  console.log(`\n## ${kind}`);

  let seeded = 0;
  for (const total of [10_000, 100_000]) {
    await seed(database, sub, total - seeded, seeded);
    seeded = total;
    const limit = 12; // first page = visible rows (10) + 2
    const raw = await time(200, () =>
      database.query(
        `select id, tenant_id, path, name, is_repository, revision, metadata, word_count, created_at, updated_at, content_updated_at, is_transcribing, tag_rank, name_key
       from files where tenant_id = $1 and deleted_at is null and is_listed = true
       order by is_transcribing desc nulls last, content_updated_at desc nulls last, id desc nulls last limit $2`,
        [sub, limit + 1],
      ),
    );
    const api = await time(200, async () => {
      const res = await app.inject({ method: 'GET', url: `/api/files/list-paged?limit=${limit}`, headers });
      if (res.statusCode !== 200) throw new Error(res.body);
    });
    const service = await time(200, () => services.files.listPaged({ tenantId: sub, limit, sort: 'date', view: 'documents' }));
    report(`list-paged first page, ${total.toLocaleString('en')} docs, through HTTP + auth`, api, raw, 'ms', '≤ 2×');
    report(`list-paged first page, ${total.toLocaleString('en')} docs, service (query + presenter)`, service, raw, 'ms', '≤ 2×');
  }

  for (const size of [10 * 1024, 300 * 1024]) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/files/create',
      headers,
      payload: { filePath: `Big ${size}`, content: docOfSize(size, 'v0') },
    });
    const fileId = created.json().file.id as string;
    let revision = 1;
    const bodies = Array.from({ length: 6 }, (_, i) => docOfSize(size, `variant ${i}`));
    const rawIds = await database.query<{ id: string }>(
      `insert into files (id, tenant_id, path, name, content) values ('RAW${size}', $1, 'raw ${size}.txt', 'raw', '{}'::jsonb) returning id`,
      [sub],
    );
    let rawRevision = 1;
    const raw = await time(40, async (i) => {
      const content = JSON.stringify(bodies[Math.abs(i) % bodies.length]);
      await database.query(
        'update files set content = $3::jsonb, revision = revision + 1, updated_at = now(), content_updated_at = now() where id = $1 and revision = $2',
        [rawIds[0]!.id, rawRevision, content],
      );
      rawRevision += 1;
    });
    const api = await time(40, async (i) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/files/content-only-update',
        headers,
        payload: { fileId, content: bodies[Math.abs(i) % bodies.length], baseRevision: revision, operationId: `bench-${size}-${revision}` },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      revision = res.json().revision;
    });
    const rawWithText = await time(40, async (i) => {
      const doc = bodies[Math.abs(i) % bodies.length]!;
      await database.query(
        'update files set content = $3::jsonb, content_text = $4, revision = revision + 1, updated_at = now(), content_updated_at = now() where id = $1 and revision = $2',
        [rawIds[0]!.id, rawRevision, JSON.stringify(doc), toPlainText(doc as DocJSON)],
      );
      rawRevision += 1;
    });
    report(`content-only-update, ${size / 1024} KB, against the tree alone`, api, raw, 'ms', '≤ 3×');
    report(`content-only-update, ${size / 1024} KB, against the tree and its text`, api, rawWithText, 'ms', '≤ 3×');
  }
  await app.close();
  await identity.close();
  await database.close();
}

await run('PGlite', undefined);
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) await run('PostgreSQL', pgUrl);
else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same figures on PostgreSQL)');
