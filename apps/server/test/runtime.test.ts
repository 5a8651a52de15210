import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('runtime', () => {
  // npm scripts find the pinned `node` package first (docs/DEPLOY.md): the suite, like `npm start`,
  // runs on the Node.js Bree brings along, not on whatever the host has.
  it('is the Node.js 22 LTS pinned in package.json', () => {
    const pinned = rootPackage.dependencies.node;
    expect(pinned).toMatch(/^22\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pinned}`);
  });
});
