import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('who writes document content', () => {
  it('is the content writer alone: no other update of files sets content', () => {
    const sqlUpdate = /update\s+files\b[^;]*?\bset\b[^;]*?\bcontent\s*=/i;
    const drizzleUpdate = /\.update\(files\)\s*\.set\(\{[^}]*\bcontent(Text)?\s*:/;
    const writers = sourceFiles(SRC)
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return sqlUpdate.test(text) || drizzleUpdate.test(text);
      })
      .map((file) => path.relative(SRC, file));
    expect(writers).toEqual(['modules/files/files.content-write.ts']);
  });
});
