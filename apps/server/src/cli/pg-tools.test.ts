import { describe, expect, it } from 'vitest';
import { Stop } from './cli-support';
import { runPgTool } from './pg-tools';

describe('pg_dump and pg_restore', () => {
  it('says how to install the tool when it is not on PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const running = runPgTool({ tool: 'pg_dump', databaseUrl: 'postgres://bree:secret@localhost/bree', args: () => ['--version'] });
      await expect(running).rejects.toBeInstanceOf(Stop);
      await expect(running).rejects.toThrow("pg_dump is not installed (or not on PATH). Install PostgreSQL's client tools");
    } finally {
      process.env.PATH = saved;
    }
  });
});
