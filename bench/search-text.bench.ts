// Text search benchmark, on PGlite and (when BENCH_DATABASE_URL is set) PostgreSQL:
// POST /api/search/text over BENCH_SEARCH_DOCS documents (10k by default) of about 500 words of
// varied prose each, p50 and p95 through HTTP + auth against the same SQL run directly
// (target ≤ 1.5×; text p50 under 50 ms on PGlite).
import type { Database } from '../apps/server/src/db/db';
import { findTextMatches } from '../apps/server/src/modules/search/search.text';
import { benchApp, report } from './lib';

const DOCS = Number(process.env.BENCH_SEARCH_DOCS ?? 10_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
const WORDS_PER_DOC = 500;

/** A small deterministic generator, so every run searches the same documents. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const COMMON = `the of and to in a is that for it as was with be by on not he this are or his from at which but have an they
you were her she there been one all we their has would when if so no will can more out up into do any your what some about
them only time could new other two may then first also after over such years now most people made like because very well`.split(/\s+/);
const REAL = `harbour lantern orchard meadow ledger compass canvas thunder velvet granite willow ember saffron quarry falcon
timber cobalt marble parcel beacon riddle summit glacier pepper violet anchor barley cellar drizzle furnace hollow island
jasmine kettle ladder mosaic nectar oyster pebble quartz ribbon salmon tundra umbrella vessel walnut zephyr café résumé naïve
crème façade piñata über fjord smørrebrød`.split(/\s+/);
const SYLLABLES = 'ka lo mi ren sa tor vel zu an bri col dra en fi gor hal is jun kel lum mor nor pa quin ras sel tam ul vor wyn'.split(' ');

/**
 * A vocabulary in the order of how often its words are used: common words first, then made-up
 * words with the real nouns among them (each in a few hundred to a few dozen of 10,000 documents).
 */
function vocabulary(next: () => number): string[] {
  const made = new Set<string>();
  while (made.size < 20_000) {
    const n = 2 + Math.floor(next() * 3);
    made.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''));
  }
  const rest = [...made];
  REAL.forEach((word, i) => rest.splice(800 + i * 250, 0, word));
  return [...COMMON, ...rest];
}

/** Sentences of words drawn as in natural language (Zipf: the word of rank r about 1/r as often as the first). */
function prose(next: () => number, words: string[], count: number): string {
  const pick = () => words[Math.min(words.length - 1, Math.floor(Math.exp(next() * Math.log(words.length + 1))) - 1)]!;
  const sentences: string[] = [];
  let written = 0;
  while (written < count) {
    const length = 6 + Math.floor(next() * 14);
    const sentence = Array.from({ length }, pick).join(' ');
    sentences.push(sentence[0]!.toUpperCase() + sentence.slice(1) + (next() < 0.1 ? '?' : '.'));
    written += length;
  }
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 5) paragraphs.push(sentences.slice(i, i + 5).join(' '));
  return paragraphs.join('\n\n');
}

async function seed(database: Database, tenantId: string): Promise<string[]> {
  const next = random(42);
  const words = vocabulary(next);
  // A bulk load builds the GIN index once at the end, as its own definition says.
  const [index] = await database.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'files_search_idx'");
  await database.query('drop index files_search_idx');
  const batch = 250;
  const texts: string[] = [];
  for (let start = 0; start < DOCS; start += batch) {
    const ids: string[] = [];
    const names: string[] = [];
    const bodies: string[] = [];
    for (let i = start; i < Math.min(DOCS, start + batch); i += 1) {
      const text = prose(next, words, WORDS_PER_DOC);
      ids.push(`S${String(i).padStart(25, '0')}`);
      names.push(`${prose(next, words, 3).split(/[.?]/)[0]} ${i}.txt`);
      bodies.push(text);
      if (texts.length < 50) texts.push(text);
    }
    await database.query(
      `insert into files (id, tenant_id, path, name, content, content_text, word_count, metadata)
       select id, $1, name, name, '{"type":"doc","content":[]}'::jsonb, body, ${WORDS_PER_DOC}, '{"authenticity":"Human"}'::jsonb
       from unnest($2::text[], $3::text[], $4::text[]) as t(id, name, body)`,
      [tenantId, ids, names, bodies],
    );
  }
  await database.query(index!.indexdef);
  await database.query('analyze files');
  return texts;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
}

async function timings(queries: string[], fn: (query: string) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (const q of queries) await fn(q); // warm-up
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    for (const q of queries) {
      const t0 = performance.now();
      await fn(q);
      xs.push(performance.now() - t0);
    }
  }
  return { p50: percentile(xs, 0.5), p95: percentile(xs, 0.95) };
}

async function run(kind: string, url: string | undefined) {
  const { database, identity, app, sub, headers } = await benchApp(`bench-search-${kind}@example.com`, url);
  console.log(`\n## ${kind}`);

  const t0 = performance.now();
  const texts = await seed(database, sub);
  console.log(`seeded ${DOCS.toLocaleString('en')} documents of ~${WORDS_PER_DOC} words in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // What people type: one rare or middling word, two words, a word being typed, a phrase, an exclusion, an accent.
  const phrase = texts[7]!
    .split(/[\s.?]+/)
    .slice(20, 22)
    .join(' ');
  const kinds: Record<string, string[]> = {
    'one word': ['lantern', 'glacier', 'kettle', 'walnut'],
    'two words': ['harbour anchor', 'meadow willow', 'furnace ember'],
    'prefix as typed': ['harb', 'lant', 'glac', 'walnu'],
    'phrase and exclusion': [`"${phrase}"`, 'orchard -barley', 'cafe resume'],
    // Words in most documents: every match is ranked, so these cost the most.
    'common words': ['people', 'time years', 'first'],
  };
  for (const [label, queries] of Object.entries(kinds)) {
    const raw = await timings(queries, (query) => findTextMatches(database.query.bind(database), { tenantId: sub, query, limit: 20, includeDrafts: false }));
    const api = await timings(queries, async (query) => {
      const res = await app.inject({ method: 'POST', url: '/api/search/text', headers, payload: { query } });
      if (res.statusCode !== 200) throw new Error(res.body);
    });
    report(`text search p50, ${label}, ${DOCS.toLocaleString('en')} docs, through HTTP + auth`, api.p50, raw.p50, 'ms', '≤ 1.5×');
    report(`text search p95, ${label}, ${DOCS.toLocaleString('en')} docs, through HTTP + auth`, api.p95, raw.p95, 'ms', '≤ 1.5×');
  }
  await app.close();
  await identity.close();
  await database.close();
}

await run('PGlite', undefined);
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) await run('PostgreSQL', pgUrl);
else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same figures on PostgreSQL)');
