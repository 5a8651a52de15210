import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The files module owns the document row (issue 35 item 2): every other module reaches documents
 * through `modules/files/files.port.ts` (and declares its foreign keys with `files.reference.ts`).
 * The interim guard until dependency-cruiser rules exist: it reads the server's source.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const FILES_MODULE = 'modules/files/';
/** What other modules may import from the files module. */
const PUBLIC_FILES = new Set(['files.port', 'files.reference']);
/**
 * The composition roots, which build the files module's services themselves: the wiring
 * (services.ts with its parts services.*.ts, app.ts, main.ts), the job runner, the worker threads' task list and the CLI.
 */
const ROOTS = [/^services(\.[a-z]+)?\.ts$/, /^app\.ts$/, /^main\.ts$/, /^jobs\//, /^lib\/workers\//, /^cli\//];
/** SQL naming the files table: reading, joining, changing or analysing it. */
const FILES_SQL = /\b(from|join|update|into|analyze|references|table)\s+(only\s+)?"?files"?(?![\w.$-])/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The code without its comments, so prose about the files table is no violation. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Every violation of the files module's boundary in the server's source, as `file: what`. */
function filesBoundaryViolations(root = SRC): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (relative.startsWith(FILES_MODULE)) continue;
    const code = withoutComments(readFileSync(file, 'utf8'));
    for (const match of code.matchAll(/from\s+'([^']+)'/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(relative), match[1]!));
      if (!target.startsWith(FILES_MODULE)) continue;
      const name = target.slice(FILES_MODULE.length);
      if (name === 'files.table') found.push(`${relative}: imports ${match[1]}`);
      else if (!PUBLIC_FILES.has(name) && !ROOTS.some((root) => root.test(relative))) found.push(`${relative}: imports ${match[1]} (use files.port)`);
    }
    code.split('\n').forEach((line, index) => {
      if (FILES_SQL.test(line)) found.push(`${relative}:${index + 1}: SQL on the files table: ${line.trim()}`);
    });
  }
  return found;
}

describe('the files module owns the document row', () => {
  it('nothing outside modules/files imports files.table, writes SQL against files, or imports more than the port', () => {
    expect(filesBoundaryViolations()).toEqual([]);
  });

  it('finds each kind of violation in a planted source tree (the guard is no empty check)', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'bree-files-boundary-'));
    try {
      mkdirSync(path.join(root, 'modules/chat'), { recursive: true });
      mkdirSync(path.join(root, 'modules/files'), { recursive: true });
      writeFileSync(path.join(root, 'modules/files/files.table.ts'), 'export const files = `select 1 from files`;\n');
      writeFileSync(
        path.join(root, 'modules/chat/planted.ts'),
        [
          "import { files } from '../files/files.table';",
          "import { createFilesRepository } from '../files/files.repository';",
          "import { documentsRelation } from '../files/files.port';",
          'const q = `select id from files f where f.tenant_id = $1`;',
          "const u = sql`update files set name = ''`;",
          '// prose: a comment may say "join files" freely',
        ].join('\n'),
      );
      expect(filesBoundaryViolations(root)).toEqual([
        'modules/chat/planted.ts: imports ../files/files.table',
        'modules/chat/planted.ts: imports ../files/files.repository (use files.port)',
        'modules/chat/planted.ts:4: SQL on the files table: const q = `select id from files f where f.tenant_id = $1`;',
        "modules/chat/planted.ts:5: SQL on the files table: const u = sql`update files set name = ''`;",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("the files module's SQL names no other module's table (a feature's part of a statement is told to it: DocumentLinks)", () => {
    const otherTables = new Set<string>();
    for (const file of sourceFiles(path.join(SRC, 'modules'))) {
      if (!file.endsWith('.table.ts') || file.includes(`${path.sep}files${path.sep}`)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) otherTables.add(match[1]!);
    }
    expect(otherTables.has('workspace_variants')).toBe(true);
    const named = new RegExp(`\\b(from|join|update|into|exists)\\s*\\(?\\s*"?(${[...otherTables].join('|')})"?\\b`, 'i');
    const found: string[] = [];
    for (const file of sourceFiles(path.join(SRC, FILES_MODULE))) {
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, index) => named.test(line) && found.push(`${path.basename(file)}:${index + 1}: ${line.trim()}`));
    }
    // The one known exception: a save and the version it takes are one statement, so a version can never
    // be missing for a save or left by one that failed. Removed when the versions module hands the files
    // module its insert as a fragment (as DocumentLinks does for workspaces).
    expect(found).toEqual([expect.stringMatching(/^files\.content-write\.ts:\d+: insert into file_versions /)]);
  });
});
