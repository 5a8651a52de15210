import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    pool: 'forks',
    // A worker's files run one after another in one process, sharing the server's modules and the
    // worker's database (emptied before each file: test/fresh-database.ts). Importing the server and
    // opening a database once per file was about half of the suite's time.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    // On PostgreSQL, a database per worker (test/postgres-worker.ts): files run side by side there too.
    setupFiles: ['test/postgres-worker.ts', 'test/fresh-database.ts'],
  },
});
