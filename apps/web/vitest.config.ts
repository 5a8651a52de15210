import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    // Resolve includes against this folder whether run from the repo root or here.
    root: decodeURIComponent(new URL('.', import.meta.url).pathname),
    environment: 'jsdom',
    // The files of a worker share one jsdom and one module graph, one after another: setting up jsdom
    // and importing React and the editor once per file was most of this project's time.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    restoreMocks: true,
    setupFiles: ['./vitest.setup.ts'],
  },
});
