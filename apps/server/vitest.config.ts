import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests in one file share the worker's database; files run in separate workers.
    fileParallelism: true,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    // On PostgreSQL, a database per worker (test/postgres-worker.ts): files run side by side there too.
    setupFiles: ['test/postgres-worker.ts'],
  },
});
