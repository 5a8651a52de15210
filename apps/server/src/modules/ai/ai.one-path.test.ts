import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 35 item 3: every model call takes one path. The AI SDK's calls are made in one module, the
// providers are built in one module, and features reach models only through the model-call runner.
// A file that makes a model call of its own, or builds a provider, fails here.

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/** Every source file of apps/server/src (tests excluded), with its comments removed. */
function sources(): { path: string; code: string }[] {
  const out: { path: string; code: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|mts|mjs|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        // Comments may name the calls; only code counts. (A `//` inside a string is cut too: harmless here.)
        const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
        out.push({ path: relative(SRC, full).replaceAll('\\', '/'), code });
      }
    }
  };
  walk(SRC);
  return out;
}

/** The files whose code matches any of `patterns`, sorted. */
export function filesUsing(patterns: RegExp[], files = sources()): string[] {
  return files
    .filter((f) => patterns.some((p) => p.test(f.code)))
    .map((f) => f.path)
    .sort();
}

/** The AI SDK's model calls, by name (`embed` only as an imported or destructured binding: the word is common). */
export const SDK_CALLS = [
  /\b(streamText|generateText|generateObject|streamObject|embedMany|experimental_transcribe)\b/,
  /[{,]\s*embed\s*[,}:]/,
  /\bloadAiSdk\s*\(\s*\)/,
];
/** Loading the AI SDK's code for its values (its types and error classes excepted, see ai.sdk.ts). */
const SDK_IMPORT = [/^\s*import\s+(?!type\b)[^;]*from\s+'ai'/m, /import\(\s*'ai'\s*\)/];
/** The providers' factories and packages. */
export const PROVIDER_FACTORIES = [
  /\b(createGoogleGenerativeAI|createAnthropic|createOpenAICompatible|createOpenAI|createGroq|createDeepgram)\s*\(/,
  /import\(\s*'@ai-sdk\//,
  /^\s*import\s+(?!type\b)[^;]*from\s+'@ai-sdk\//m,
];

/** The metered calls under the runner (reserve → call → settle): a feature holding one would bypass the runner's tier, voice and scope. */
export const METERED = [/\b(MeteredAi|MeteredEmbedding|MeteredTranscription|createMeteredAi|createMeteredEmbedding|createMeteredTranscription)\b/];

/** pg-boss itself, its schema, or the module that names it. */
export const PG_BOSS = [/from\s+'pg-boss'/, /\bBOSS_SCHEMA\b/, /\bpgboss\./, /jobs\/boss'/];

describe('one path for every model call', () => {
  const files = sources();

  it('scans the server source', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.path === 'modules/ai/ai.gateway.ts')).toBe(true);
  });

  it("makes the AI SDK's model calls in one module only", () => {
    expect(filesUsing(SDK_CALLS, files).filter((p) => p !== 'modules/ai/ai.sdk.ts')).toEqual(['modules/ai/ai.gateway.ts']);
    expect(filesUsing(SDK_IMPORT, files)).toEqual(['modules/ai/ai.sdk.ts']);
  });

  it('builds providers in one module only', () => {
    expect(filesUsing(PROVIDER_FACTORIES, files)).toEqual(['modules/ai/ai.providers.ts']);
    // The process's one registry, handed to every gateway (a gateway made alone, in a test, makes its own).
    expect(files.find((f) => f.path === 'services.ts')?.code.match(/createProviderRegistry\(/g)).toHaveLength(1);
  });

  it('lets features reach the metered calls only through the model-call runner', () => {
    // ai.metered.ts defines them, ai.runner.ts is the one function features call, services.ts wires it.
    expect(filesUsing(METERED, files)).toEqual(['modules/ai/ai.metered.ts', 'modules/ai/ai.runner.ts', 'services.ts']);
  });

  it("keeps pg-boss inside jobs/: the operation queue is given a leased queue and never names pg-boss's schema", () => {
    const modules = files.filter((f) => f.path.startsWith('modules/'));
    expect(filesUsing(PG_BOSS, modules)).toEqual([]);
    expect(filesUsing(PG_BOSS, files).every((p) => p.startsWith('jobs/'))).toBe(true);
  });

  it('finds a planted violation', () => {
    const planted = [...files, { path: 'modules/chat/planted.ts', code: "const { streamText } = await import('ai');\nconst m = createAnthropic({ apiKey });" }];
    expect(filesUsing(SDK_CALLS, planted)).toContain('modules/chat/planted.ts');
    expect(filesUsing(SDK_IMPORT, planted)).toContain('modules/chat/planted.ts');
    expect(filesUsing(PROVIDER_FACTORIES, planted)).toContain('modules/chat/planted.ts');
    const bypass = [...files, { path: 'modules/chat/bypass.ts', code: "import type { MeteredAi } from '../ai/ai.metered';" }];
    expect(filesUsing(METERED, bypass)).toContain('modules/chat/bypass.ts');
    const boss = [...files, { path: 'modules/ai/operations/planted.ts', code: "await db.query(`update ${BOSS_SCHEMA}.job set state = 'created'`);" }];
    expect(filesUsing(PG_BOSS, boss)).toContain('modules/ai/operations/planted.ts');
  });
});
