// Runs the server's HTTP suite a second time on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the server suite.');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--no-file-parallelism'], {
  stdio: 'inherit',
  env: { ...process.env, BREE_TEST_POSTGRES: '1' },
});
process.exit(run.status ?? 1);
