// `npm test`: every check Bree has, in stages run side by side where the machine allows (two cores
// in CI). Prints each stage's duration and the total, and exits non-zero when any stage failed.
// `npm test -- unit pg` runs only the stages named (in the same order and grouping).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Each stage's command; `npx` and `node` resolve as in any npm script (the pinned Node.js first on PATH). */
const STAGES = {
  format: ['npx', 'prettier', '--check', '.'],
  lint: ['npx', 'eslint', '.'],
  // The architecture's import rules (.dependency-cruiser.cjs): which folder may import which.
  deps: ['npm', 'run', '--silent', 'check:deps'],
  // One tsc process over every project (tsconfig.json's references): it reads the shared types once.
  typecheck: ['npx', 'tsc', '-b'],
  // The web app the browser tests serve, built while the suites run (e2e/global-setup.ts then skips its
  // own build), aside and renamed into place: a server test starting meanwhile sees all of it or none.
  build: ['node', 'scripts/web-build.mjs'],
  // Unit and HTTP tests on PGlite: two files at a time (vitest's default is one on two cores).
  unit: ['npx', 'vitest', 'run', '--maxWorkers=2'],
  pg: ['node', 'scripts/test-postgres.mjs'],
  e2e: ['npx', 'playwright', 'test', '-c', 'apps/web/playwright.config.ts'],
};

/**
 * Phases run one after the other; the lanes of a phase run side by side, each lane's stages in turn.
 * First the checks, the build and the PostgreSQL pass beside the lint, the format check and the
 * PGlite suite (lanes of about the same length, so neither waits long for the other); then the
 * browser tests, alone: their two workers take both cores, and their timing wants them.
 */
const PLAN = [
  [
    ['deps', 'typecheck', 'build', 'pg'],
    ['format', 'lint', 'unit'],
  ],
  [['e2e']],
];

/** Runs one stage, its output lines prefixed with its name; answers its exit code and seconds. */
function runStage(name, env) {
  const [command, ...args] = STAGES[name];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const status = code ?? (signal ? 1 : 0);
      console.log(`${name}: ${seconds} s${status === 0 ? '' : ` — FAILED (exit ${code ?? signal})`}`);
      resolve({ name, status, seconds });
    });
  });
}

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in STAGES)) {
    console.error(`Unknown stage '${name}'. Stages: ${Object.keys(STAGES).join(', ')}`);
    process.exit(2);
  }
}
const chosen = (name) => wanted.length === 0 || wanted.includes(name);
// The browser tests need the build only when this run makes it; otherwise their own setup builds.
const env = { ...process.env, ...(chosen('build') && chosen('e2e') ? { BREE_E2E_PREBUILT: '1' } : {}) };

/** A stage that cannot run without another's success. */
const NEEDS = { e2e: 'build' };

const started = Date.now();
const results = [];
for (const phase of PLAN) {
  const lanes = phase.map((lane) => lane.filter(chosen)).filter((lane) => lane.length > 0);
  await Promise.all(
    lanes.map(async (lane) => {
      for (const name of lane) {
        const unmet = results.find((r) => r.name === NEEDS[name] && r.status !== 0);
        if (unmet) {
          console.log(`${name}: skipped — ${unmet.name} failed`);
          results.push({ name, status: 1, seconds: 0 });
        } else results.push(await runStage(name, env));
      }
    }),
  );
}

const failed = results.filter((r) => r.status !== 0);
console.log('\nStage durations:');
for (const r of results) console.log(`  ${r.name}: ${r.seconds} s${r.status === 0 ? '' : ' (failed)'}`);
console.log(`  total: ${Math.round((Date.now() - started) / 1000)} s`);
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
