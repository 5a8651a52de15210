import { gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/** A page's JavaScript budget: everything it downloads before it works, gzipped. */
export interface Budget {
  name: string;
  /** The modules (path suffixes) whose chunks the page loads on top of the entry, e.g. its route. */
  loads: string[];
  maxGzipBytes: number;
  /** Packages none of the page's chunks may contain. */
  forbidden?: RegExp;
}

interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
  gzipBytes: number;
}

/** A page's figures: its chunks, their gzipped size and the forbidden modules found in them. */
export interface BudgetFigure {
  name: string;
  gzipBytes: number;
  maxGzipBytes: number;
  chunks: string[];
  forbiddenModules: string[];
}

/** The chunk index.html starts: every page loads it first. */
function isPageEntry(chunk: ChunkInfo): boolean {
  return chunk.isEntry && Boolean(chunk.facadeModuleId?.endsWith('/index.html') || chunk.facadeModuleId?.endsWith('/src/main.tsx'));
}

/** The chunk and every chunk it imports statically (what the browser fetches before running it). */
function closure(start: ChunkInfo, byFile: Map<string, ChunkInfo>, into = new Set<string>()): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const file of start.imports) {
    const next = byFile.get(file);
    if (next) closure(next, byFile, into);
  }
  return into;
}

/** Measures each budget against the built chunks (pure, for the plugin and its test). */
export function measureBudgets(chunks: ChunkInfo[], budgets: Budget[]): BudgetFigure[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter(isPageEntry);
  return budgets.map((budget) => {
    const files = new Set<string>();
    for (const entry of entries) closure(entry, byFile, files);
    for (const suffix of budget.loads) {
      const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
      if (!chunk) throw new Error(`budget '${budget.name}': no chunk is built from ${suffix}`);
      closure(chunk, byFile, files);
    }
    const included = [...files].map((f) => byFile.get(f)!);
    const forbiddenModules = budget.forbidden ? included.flatMap((c) => c.moduleIds.filter((id) => budget.forbidden!.test(id))) : [];
    return {
      name: budget.name,
      gzipBytes: included.reduce((sum, c) => sum + c.gzipBytes, 0),
      maxGzipBytes: budget.maxGzipBytes,
      chunks: [...files].sort(),
      forbiddenModules,
    };
  });
}

/** Whether a figure keeps its budget: within the size, and no forbidden package. */
export function withinBudget(figure: BudgetFigure): boolean {
  return figure.gzipBytes <= figure.maxGzipBytes && figure.forbiddenModules.length === 0;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Fails the production build when a page's JavaScript crosses its budget or pulls in a package
 * it must not load, and prints every page's figure, so a regression is seen where it is made.
 */
export function bundleBudgets(budgets: Budget[]): Plugin {
  let logger: Logger | null = null;
  return {
    name: 'bree-bundle-budgets',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.push({
          fileName: item.fileName,
          isEntry: item.isEntry,
          facadeModuleId: item.facadeModuleId,
          imports: item.imports,
          moduleIds: item.moduleIds,
          gzipBytes: gzipSync(item.code, { level: 9 }).length,
        });
      }
      // The service worker is built separately and has no page entry: nothing to measure there.
      if (!chunks.some(isPageEntry)) return;
      const figures = measureBudgets(chunks, budgets);
      for (const f of figures) {
        logger?.info(`${f.name}: ${kb(f.gzipBytes)} of JavaScript (gzip) — budget ${kb(f.maxGzipBytes)}`);
      }
      if (process.env.BUDGET_DEBUG) {
        const size = new Map(chunks.map((c) => [c.fileName, c.gzipBytes]));
        for (const f of figures) logger?.info(`${f.name}:\n${f.chunks.map((c) => `    ${kb(size.get(c) ?? 0)}  ${c}`).join('\n')}`);
      }
      const crossed = figures.filter((f) => !withinBudget(f));
      if (crossed.length === 0) return;
      const lines = crossed.map((f) =>
        f.forbiddenModules.length > 0
          ? `${f.name} loads ${f.forbiddenModules.slice(0, 5).join(', ')}${f.forbiddenModules.length > 5 ? ', …' : ''}`
          : `${f.name} loads ${kb(f.gzipBytes)}, more than its ${kb(f.maxGzipBytes)}: ${f.chunks.join(', ')}`,
      );
      this.error(`JavaScript budgets crossed:\n  ${lines.join('\n  ')}`);
    },
  };
}
