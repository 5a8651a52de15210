// Meaning-search benchmarks on the embedded database (PGlite with pgvector), with the local fake
// embedding server (test/fakes/fake-embeddings.ts) standing in for the model:
// - indexing: documents per second through the index job (passages, the metered embedding call
//   over HTTP, the store) against raw INSERTs of the same passages and vectors (target ≤ 15×:
//   the job adds the split, one embedding round trip and a reservation and settlement per document);
// - query: p50 and p95 of a vector search (embedding the query, best passage per document) at
//   N documents against the raw nearest-neighbour SQL with the query's vector (target ≤ 3×: the
//   service adds the metered embedding call, two statements and one HTTP round trip).
// - hybrid: p50 and p95 of a hybrid search (text and meaning, merged) against the same two raw
//   statements run side by side (the text search SQL and the nearest-neighbour SQL; target ≤ 1.5×).
// BENCH_SEARCH_DOCS (default 500) and BENCH_SEARCH_DIMS (default 768) set the size.
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/db';
import { createEmbeddingGateway } from '../apps/server/src/modules/ai/ai.embedding';
import { createMeteredEmbedding } from '../apps/server/src/modules/ai/ai.metered';
import { createSearchService } from '../apps/server/src/modules/search/search.service';
import { findTextMatches } from '../apps/server/src/modules/search/search.text';
import { splitPassages } from '../apps/server/src/modules/search/semantic/semantic.passages';
import { createSemanticSearch } from '../apps/server/src/modules/search/semantic/semantic.service';
import { vectorLiteral } from '../apps/server/src/modules/search/semantic/semantic.store';
import { createUsageService } from '../apps/server/src/modules/usage/usage.service';
import { CONCEPTS, conceptVector, fakeEmbeddingsEnv, startFakeEmbeddings } from '../apps/server/test/fakes/fake-embeddings';
import { report } from './lib';

const DOCS = Number(process.env.BENCH_SEARCH_DOCS ?? 500);
const DIMS = Number(process.env.BENCH_SEARCH_DIMS ?? 768);
const QUERIES = 60;
const TENANT = 'bench-tenant';

const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]!;
};

/** About 600 words of prose mixing two concepts, so documents differ and split into 2–3 passages. */
function documentText(i: number): string {
  const concepts = Object.values(CONCEPTS);
  const a = concepts[i % concepts.length]!;
  const b = concepts[(i + 1) % concepts.length]!;
  const sentences = Array.from({ length: 40 }, (_, s) => `Sentence ${s} of note ${i} talks of the ${a[s % a.length]} and the ${b[(s * 3) % b.length]} today.`);
  return [sentences.slice(0, 20).join(' '), sentences.slice(20).join(' ')].join('\n\n');
}

async function main() {
  const database = await createDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const fake = await startFakeEmbeddings({ dimensions: DIMS });
  const config = loadConfig(fakeEmbeddingsEnv(fake));
  const usage = createUsageService({ db: database.db, plan: 'self-hosted', now: () => new Date() });
  const semantic = createSemanticSearch({
    query: (text, params) => database.query(text, params),
    embedding: createMeteredEmbedding({ embedder: createEmbeddingGateway({ config }), usage }),
    now: () => new Date(),
    settleMs: 0,
  });
  if (!(await semantic.prepare()).available) throw new Error('pgvector did not load in PGlite');

  await database.query(
    `insert into files (id, tenant_id, path, name, content, content_text, word_count, metadata)
     select 'S' || lpad(g::text, 25, '0'), $1, 'Note ' || g || '.txt', 'Note ' || g || '.txt', '{"type":"doc","content":[]}'::jsonb, t.text, 600, '{}'::jsonb
       from unnest($2::text[]) with ordinality as t(text, g)`,
    [TENANT, Array.from({ length: DOCS }, (_, i) => documentText(i))],
  );
  await database.query(`update files set content_updated_at = now() - interval '1 minute'`);

  // Indexing through the job's code path.
  const t0 = performance.now();
  const run = await semantic.indexStale();
  const jobSeconds = (performance.now() - t0) / 1000;
  if (run.indexed !== DOCS) throw new Error(`indexed ${run.indexed} of ${DOCS}`);

  // Baseline: the same passages and vectors INSERTed directly, one statement per document.
  await database.query('create table bench_passages (like file_passages)');
  const prepared = Array.from({ length: DOCS }, (_, i) =>
    splitPassages(documentText(i)).map((p) => ({ ...p, vector: vectorLiteral(conceptVector(p.text, DIMS)) })),
  );
  const t1 = performance.now();
  for (const [i, passages] of prepared.entries())
    await database.query(
      `insert into bench_passages (tenant_id, file_id, model, passage_index, passage_offset, passage_text, embedding)
       select $1, $2, 'raw', p.ord - 1, p.o, p.t, p.v::vector from unnest($3::int[], $4::text[], $5::text[]) with ordinality as p(o, t, v, ord)`,
      [TENANT, `raw${i}`, passages.map((p) => p.offset), passages.map((p) => p.text), passages.map((p) => p.vector)],
    );
  const rawSeconds = (performance.now() - t1) / 1000;
  console.log(`index job: ${(DOCS / jobSeconds).toFixed(1)} documents/s; raw INSERTs: ${(DOCS / rawSeconds).toFixed(1)} documents/s`);
  report(`index ${DOCS} documents (${DIMS} dims), per document`, (jobSeconds * 1000) / DOCS, (rawSeconds * 1000) / DOCS, 'ms', '≤ 15×');

  // Queries: the service (embeds the query, best passage per document) against the raw SQL.
  const words = Object.values(CONCEPTS).flat();
  const queryText = (i: number) => `${words[i % words.length]} and ${words[(i * 7) % words.length]}`;
  const service: number[] = [];
  const raw: number[] = [];
  for (let i = -5; i < QUERIES; i++) {
    const text = queryText(Math.abs(i));
    const s0 = performance.now();
    await semantic.searchDocuments({ tenantId: TENANT, query: text, limit: 10, threshold: 0.5, includeDrafts: false });
    const s1 = performance.now();
    await database.query(`select file_id from file_passages where tenant_id = $1 and model = $2 order by embedding <=> $3::vector limit 10`, [
      TENANT,
      'openai-compatible:fake-embed',
      vectorLiteral(conceptVector(text, DIMS)),
    ]);
    const s2 = performance.now();
    if (i < 0) continue; // warm-up
    service.push(s1 - s0);
    raw.push(s2 - s1);
  }
  report(`vector query p50 at ${DOCS} documents`, percentile(service, 50), percentile(raw, 50), 'ms', '≤ 3×');
  report(`vector query p95 at ${DOCS} documents`, percentile(service, 95), percentile(raw, 95), 'ms', '≤ 3×');

  // Hybrid: the search service against its two statements run directly, side by side.
  const query = <T>(text: string, params?: unknown[]) => database.query<T>(text, params);
  const search = createSearchService({ query, semantic, now: () => new Date() });
  const hybrid: number[] = [];
  const rawHybrid: number[] = [];
  for (let i = -5; i < QUERIES; i++) {
    const text = queryText(Math.abs(i) + 3);
    const h0 = performance.now();
    await search.hybrid({ tenantId: TENANT, query: text, limit: 10, vectorWeight: 0.7, textWeight: 0.3, includeDrafts: false });
    const h1 = performance.now();
    await Promise.all([
      findTextMatches(query, { tenantId: TENANT, query: text, limit: 30, includeDrafts: false }),
      database.query(`select file_id from file_passages where tenant_id = $1 and model = $2 order by embedding <=> $3::vector limit 30`, [
        TENANT,
        'openai-compatible:fake-embed',
        vectorLiteral(conceptVector(text, DIMS)),
      ]),
    ]);
    const h2 = performance.now();
    if (i < 0) continue;
    hybrid.push(h1 - h0);
    rawHybrid.push(h2 - h1);
  }
  report(`hybrid query p50 at ${DOCS} documents`, percentile(hybrid, 50), percentile(rawHybrid, 50), 'ms', '≤ 1.5×');
  report(`hybrid query p95 at ${DOCS} documents`, percentile(hybrid, 95), percentile(rawHybrid, 95), 'ms', '≤ 1.5×');

  await fake.close();
  await database.close();
}

await main();
