// Which of the server's test files touch a database, for the PostgreSQL pass (scripts/test-postgres.mjs).
// Decided from the source, never from a list someone must keep up to date: a file is in when it, or a
// test helper it imports (followed through apps/server/test/), imports the test harness, the
// multiprocess harness or anything of apps/server/src/db/, or reads BREE_TEST_POSTGRES or TEST_DATABASE_URL.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SERVER = 'apps/server';
/** Reading either variable means the file behaves differently on PostgreSQL. */
const READS_POSTGRES_ENV = /\b(BREE_TEST_POSTGRES|TEST_DATABASE_URL)\b/;
/** Runtime imports and re-exports (`import type` is erased and touches nothing), side-effect and dynamic imports. */
const IMPORT = /\b(?:import|export)\s+(?!type\b)(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every `*.test.ts` under `dir`, relative to `root`. */
function testFiles(root, dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(root, rel);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/** The file a relative specifier names (TypeScript's extensionless or `.js` spellings), or null. */
function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The files a source file imports at run time, resolved. */
function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1] ?? m[2])).filter((f) => f !== null);
}

/** Whether `file` (absolute) touches a database, following test helpers; `seen` stops cycles. */
function touchesDatabase({ file, roots, seen }) {
  if (seen.has(file)) return false;
  seen.add(file);
  if (READS_POSTGRES_ENV.test(readFileSync(file, 'utf8'))) return true;
  for (const dep of runtimeImports(file)) {
    if (dep === roots.harness || dep === roots.multiprocessHarness || dep.startsWith(roots.db)) return true;
    if (dep.startsWith(roots.testDir) && touchesDatabase({ file: dep, roots, seen })) return true;
  }
  return false;
}

/**
 * The server test files of the PostgreSQL pass (relative to `root`, sorted), and `unresolved`: files
 * that name the harness or make a database by a route the import rule did not follow (a path alias, a
 * new helper folder) — which must fail the pass rather than leave a database test out of it.
 */
export function postgresTestFiles({ root }) {
  const abs = (rel) => path.join(root, rel);
  const roots = {
    harness: abs(`${SERVER}/test/harness.ts`),
    multiprocessHarness: abs(`${SERVER}/test/multiprocess/harness.ts`),
    db: abs(`${SERVER}/src/db/`),
    testDir: abs(`${SERVER}/test/`),
  };
  const all = [...testFiles(root, `${SERVER}/src`), ...testFiles(root, `${SERVER}/test`)].sort();
  const files = all.filter((rel) => touchesDatabase({ file: abs(rel), roots, seen: new Set() }));
  // A second, plainer rule: the words a database test cannot avoid.
  const mentions = /harness|getTestDatabase|createTestApp|createDatabase\(/;
  const unresolved = all.filter((rel) => !files.includes(rel) && mentions.test(readFileSync(abs(rel), 'utf8')));
  return { all, files, unresolved };
}
