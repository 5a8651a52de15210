// Document benchmarks, on PGlite and (when BENCH_DATABASE_URL is set) PostgreSQL, each figure
// measured interleaved with its baseline (one call of each in turn), so both see the same load:
// - GET /api/files/list-paged first page for a tenant with 10k and 100k documents (names with their
//   look-alike skeletons, as the startup backfill leaves them) against the raw statement that answers
//   the same rows AND the same data: the page's columns, each row's live-variant count (on a
//   workspace master) and its look-alike name lookup (files_tenant_skeleton_idx), in the same
//   keyset order (target ≤ 2×, flat from 10k to 100k). A bare keyset SELECT without the per-row
//   lookups is printed too, as the lower bound it is;
// - content-only-update of a 10 KB and a 300 KB document against the raw revision-checked UPDATE of
//   what a save stores: the tree and its plain text, whose search index the table's trigger keeps
//   (docs/SEARCH.md) (target ≤ 3×). The UPDATE of the tree alone is printed as the lower bound;
// - PGlite against PostgreSQL for the list and the 10 KB save, side by side (target ≤ 3×).
import type { Database } from '../apps/server/src/db/db';
import { toPlainText, type DocJSON } from '@bree/editor';
import { benchApp, report } from './lib';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
/** Median times of each function, called in turn `n` times (after 5 warm-up rounds): one load for all. */
async function timeInTurn(n: number, fns: ((i: number) => Promise<unknown>)[]): Promise<number[]> {
  for (let i = 0; i < 5; i++) for (const fn of fns) await fn(-1 - i);
  const xs: number[][] = fns.map(() => []);
  for (let i = 0; i < n; i++) {
    for (const [k, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn(i);
      xs[k]!.push(performance.now() - t0);
    }
  }
  return xs.map(median);
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

/** The list's first page as raw SQL: the same columns, per-row variant count and look-alike, and order as the list answers. */
const RAW_LIST_PAGE = `select f.id, f.name, f.path, f.is_repository, f.metadata, f.revision, f.word_count, f.created_at,
    f.content_updated_at, f.is_transcribing, f.tag_rank, f.name_key,
    case when (f.metadata->>'isWorkspaceMaster')::boolean then
      (select count(*)::int from workspace_variants v join files vf on vf.tenant_id = v.tenant_id and vf.id = v.file_id and vf.deleted_at is null
       where v.tenant_id = f.tenant_id and v.master_file_id = f.id) end as variant_count,
    (select json_build_object('id', o.id, 'name', o.name, 'path', o.path) from files o
     where o.tenant_id = f.tenant_id and o.name_skeleton = f.name_skeleton and o.id <> f.id and o.deleted_at is null and o.is_listed
     order by o.name_key, o.id limit 1) as similar_name
  from files f where f.tenant_id = $1 and f.deleted_at is null and f.is_listed
  order by f.is_transcribing desc nulls last, f.content_updated_at desc nulls last, f.id desc nulls last limit $2`;
/** The lower bound: the same rows in the same order, without the per-row lookups. */
const BARE_KEYSET = `select id, tenant_id, path, name, is_repository, revision, metadata, word_count, created_at, updated_at, content_updated_at, is_transcribing, tag_rank, name_key
  from files where tenant_id = $1 and deleted_at is null and is_listed = true
  order by is_transcribing desc nulls last, content_updated_at desc nulls last, id desc nulls last limit $2`;

/** The figures compared between the two databases. */
type Figures = Record<string, number>;

async function run(kind: string, url: string | undefined): Promise<Figures> {
  const { database, identity, services, app, sub, headers } = await benchApp(`bench-${kind}@example.com`, url);
  console.log(`\n## ${kind}`);
  const figures: Figures = {};

  let seeded = 0;
  for (const total of [10_000, 100_000]) {
    await seed(database, sub, total - seeded, seeded);
    await services.files.backfillNameSkeletons({ batch: 5000 });
    await database.query('analyze files');
    seeded = total;
    const limit = 12; // first page = visible rows (10) + 2
    const [raw, bare, api, service] = await timeInTurn(200, [
      () => database.query(RAW_LIST_PAGE, [sub, limit + 1]),
      () => database.query(BARE_KEYSET, [sub, limit + 1]),
      async () => {
        const res = await app.inject({ method: 'GET', url: `/api/files/list-paged?limit=${limit}`, headers });
        if (res.statusCode !== 200) throw new Error(res.body);
      },
      () => services.files.listPaged({ tenantId: sub, limit, sort: 'date', view: 'documents' }),
    ]);
    const docs = `${total.toLocaleString('en')} docs`;
    report(`list-paged first page, ${docs}, through HTTP + auth`, api!, raw!, 'ms', '≤ 2×');
    report(`list-paged first page, ${docs}, service (query + presenter)`, service!, raw!, 'ms', '≤ 2×');
    report(
      `list-paged first page, ${docs}, through HTTP + auth, against the bare keyset SELECT (lower bound: no per-row lookups)`,
      api!,
      bare!,
      'ms',
      'none, a lower bound',
    );
    figures[`list-paged first page, ${docs}, through HTTP + auth`] = api!;
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
    const n = size > 100 * 1024 ? 20 : 60;
    const [api, rawWithText, rawTree] = await timeInTurn(n, [
      async (i) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/files/content-only-update',
          headers,
          payload: { fileId, content: bodies[Math.abs(i) % bodies.length], baseRevision: revision, operationId: `bench-${size}-${revision}` },
        });
        if (res.statusCode !== 200) throw new Error(res.body);
        revision = res.json().revision;
      },
      async (i) => {
        // What a save stores: the tree serialised once and its plain text (the search trigger indexes it).
        const doc = bodies[Math.abs(i) % bodies.length]!;
        await database.query(
          'update files set content = $3::jsonb, content_text = $4, revision = revision + 1, updated_at = now(), content_updated_at = now() where id = $1 and revision = $2',
          [rawIds[0]!.id, rawRevision, JSON.stringify(doc), toPlainText(doc as DocJSON)],
        );
        rawRevision += 1;
      },
      async (i) => {
        await database.query(
          'update files set content = $3::jsonb, revision = revision + 1, updated_at = now(), content_updated_at = now() where id = $1 and revision = $2',
          [rawIds[0]!.id, rawRevision, JSON.stringify(bodies[Math.abs(i) % bodies.length])],
        );
        rawRevision += 1;
      },
    ]);
    report(`content-only-update, ${size / 1024} KB, against the tree and its text`, api!, rawWithText!, 'ms', '≤ 3×');
    report(
      `content-only-update, ${size / 1024} KB, against the tree alone (lower bound: no text, no search index)`,
      api!,
      rawTree!,
      'ms',
      'none, a lower bound',
    );
    if (size === 10 * 1024) figures['content-only-update, 10 KB, through HTTP + auth'] = api!;
  }
  await app.close();
  await identity.close();
  await database.close();
  return figures;
}

const pglite = await run('PGlite', undefined);
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const postgres = await run('PostgreSQL', pgUrl);
  console.log('\n## PGlite against PostgreSQL (baseline: the PostgreSQL figure)');
  for (const [name, value] of Object.entries(pglite)) report(name, value, postgres[name]!, 'ms', '≤ 3×');
} else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same figures on PostgreSQL)');
