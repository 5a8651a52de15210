import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'editor', environment: 'node', include: ['src/**/*.test.ts'] } });
