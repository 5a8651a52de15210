// Runs the server's test files that touch a database (scripts/pg-test-files.mjs) a second time, on
// PostgreSQL, when TEST_DATABASE_URL is set. Files run side by side, each worker on a database of its own
// (apps/server/test/postgres-worker.ts); BREE_TEST_PG_WORKERS sets how many (default 2).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresTestFiles } from './pg-test-files.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the server suite.');
  process.exit(0);
}
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { all, files, unresolved } = postgresTestFiles({ root });
if (unresolved.length > 0) {
  console.error(
    `These test files name the test harness or make a database, yet no import of theirs was followed to it,\n` +
      `so the PostgreSQL pass would leave them out (see scripts/pg-test-files.mjs):\n  ${unresolved.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`PostgreSQL pass: ${files.length} of the server's ${all.length} test files touch a database.`);
const workers = process.env.BREE_TEST_PG_WORKERS ?? '2';
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', `--maxWorkers=${workers}`, ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BREE_TEST_POSTGRES: '1' },
});
process.exit(run.status ?? 1);
