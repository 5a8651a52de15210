// `npm run bench [name]`: runs bench/<name>.bench.ts (all of them without a name) with tsx.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv[2];
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts') && (!wanted || f.startsWith(wanted)));
for (const file of files) {
  console.log(`\n# ${file}`);
  const run = spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
