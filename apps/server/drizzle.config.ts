import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each domain owns its tables (src/modules/<domain>/<domain>.table.ts); drizzle-kit finds them itself.
  schema: './apps/server/src/modules/*/*.table.ts',
  out: './apps/server/src/db/migrations',
});
