import { describe, expect, it } from 'vitest';
import { measureBudgets, withinBudget } from './bundleBudgets';

const chunk = (fileName: string, gzipBytes: number, more: { isEntry?: boolean; facade?: string; imports?: string[]; modules?: string[] } = {}) => ({
  fileName,
  gzipBytes,
  isEntry: more.isEntry ?? false,
  facadeModuleId: more.facade ?? null,
  imports: more.imports ?? [],
  moduleIds: more.modules ?? [],
});

const CHUNKS = [
  chunk('index.js', 10_000, { isEntry: true, facade: '/app/index.html', imports: ['react.js'] }),
  chunk('react.js', 50_000, { modules: ['/node_modules/react/index.js'] }),
  chunk('landing.js', 8_000, { facade: '/app/src/routes/landing.tsx', imports: ['react.js', 'ui.js'] }),
  chunk('ui.js', 2_000),
  chunk('editor.js', 140_000, { facade: '/app/src/routes/editor.tsx', imports: ['engine.js'] }),
  chunk('engine.js', 60_000, { modules: ['/node_modules/@tiptap/core/index.js', '/node_modules/prosemirror-model/index.js'] }),
];

describe('JavaScript budgets', () => {
  it("counts the entry, the page's chunk and everything they import statically, each chunk once", () => {
    const [landing] = measureBudgets(CHUNKS, [{ name: 'Landing', loads: ['/src/routes/landing.tsx'], maxGzipBytes: 100_000 }]);
    expect(landing?.chunks).toEqual(['index.js', 'landing.js', 'react.js', 'ui.js']);
    expect(landing?.gzipBytes).toBe(70_000);
    expect(withinBudget(landing!)).toBe(true);
  });

  it('fails a page over its size or loading a forbidden package', () => {
    const [tight, heavy] = measureBudgets(CHUNKS, [
      { name: 'Landing', loads: ['/src/routes/landing.tsx'], maxGzipBytes: 69_999 },
      { name: 'Light page', loads: ['/src/routes/editor.tsx'], maxGzipBytes: 1_000_000, forbidden: /node_modules[\\/](@tiptap|prosemirror-)/ },
    ]);
    expect(withinBudget(tight!)).toBe(false);
    expect(heavy?.forbiddenModules).toEqual(['/node_modules/@tiptap/core/index.js', '/node_modules/prosemirror-model/index.js']);
    expect(withinBudget(heavy!)).toBe(false);
  });

  it('refuses a budget naming a page that is not built', () => {
    expect(() => measureBudgets(CHUNKS, [{ name: 'Gone', loads: ['/src/routes/gone.tsx'], maxGzipBytes: 1 }])).toThrow(/no chunk is built from/);
  });
});
