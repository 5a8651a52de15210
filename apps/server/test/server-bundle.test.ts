import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { currentPgliteTemplateKey } from '../src/db/db';
import { pgliteTemplateFile } from '../src/db/pglite-template';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bree-bundle-'));

/** Runs a module script with the Node.js running the tests, in the install's root; answers what it printed. */
function runNode(script: string): string {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(run.stderr.replace(/.*Unsupported runtime.*\n/, '')).toBe('');
  return run.stdout.trim();
}

/** What `npm start` does first: the bundle's entry points, built when the source changed. */
function serverBundle(): { main: string; prepare: string } {
  const printed = runNode(
    `const { serverBundle } = await import('./scripts/server-bundle.mjs');
     console.log(JSON.stringify(await serverBundle({ root: process.cwd(), log: (line) => console.error(line) })));`,
  );
  return JSON.parse(printed) as { main: string; prepare: string };
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the server bundle npm start runs', () => {
  it('is made once for a version of the source and then used as it is', () => {
    const first = serverBundle();
    expect(first.main).toMatch(/\/apps\/server\/dist\/server-[0-9a-f]{16}\/main\.mjs$/);
    const builtAt = statSync(fileURLToPath(first.main)).mtimeMs;
    const second = serverBundle();
    expect(second).toEqual(first);
    expect(statSync(fileURLToPath(second.main)).mtimeMs).toBe(builtAt);
  });

  it('finds what the source reads beside itself: the migrations and the installed packages of the template key', () => {
    const { prepare } = serverBundle();
    // A template with the key the TypeScript source computes: the bundle sees it only when it computes the same key.
    const cacheDir = path.join(scratch, 'cache');
    mkdirSync(cacheDir);
    writeFileSync(pgliteTemplateFile({ cacheDir, key: currentPgliteTemplateKey() }), '');
    const answer = runNode(
      `const { preparePgliteTemplateForStart } = await import(${JSON.stringify(prepare)});
       console.log(await preparePgliteTemplateForStart({ env: { DATA_DIR: ${JSON.stringify(path.join(scratch, 'data'))} }, cacheDir: ${JSON.stringify(cacheDir)}, log: (line) => console.error(line) }));`,
    );
    expect(answer).toBe('present');
  });
});
