import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicConfig } from '@bree/contracts';
import { loadPublicRenderer, withRenderedPage } from './site.prerender';

const CONFIG = {
  productName: 'Bree',
  oidc: { mode: 'embedded', authority: 'http://localhost/oidc', clientId: 'bree-web', audience: 'bree-api', scope: 'openid' },
  billing: { enabled: false },
  analytics: null,
  supportEmail: 'help@example.com</script><script>alert(1)</script>',
} as unknown as PublicConfig;

describe('the public pages rendered on the server', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('puts the page in the root element and the configuration beside it, where no value can close the element', () => {
    const shell = '<body>\n<div id="root"><p class="boot-loading">Loading Bree…</p></div>\n<script type="module" src="/assets/x.js"></script></body>';
    const html = withRenderedPage(shell, '<main>$& and $1 stay as written</main>', CONFIG)!;
    expect(html).toContain('<div id="root"><main>$& and $1 stay as written</main></div>');
    expect(html).not.toContain('Loading Bree');
    const json = /<script type="application\/json" id="bree-public-config">([^<]*)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(CONFIG);
    expect(html.indexOf('bree-public-config')).toBeLessThan(html.indexOf('/assets/x.js'));
    expect(withRenderedPage('<body></body>', '<main></main>', CONFIG)).toBeNull();
  });

  it('loads the build’s renderer, and none when the build has no renderer', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'bree-render-'));
    dirs.push(dist);
    expect(await loadPublicRenderer(dist)).toBeNull();
    mkdirSync(path.join(dist, 'ssr'));
    writeFileSync(path.join(dist, 'ssr/render.js'), 'export const renderPublicPage = (pathname, config) => `<h1>${pathname} ${config.productName}</h1>`;\n');
    const render = await loadPublicRenderer(dist);
    expect(render?.('/privacy', CONFIG)).toBe('<h1>/privacy Bree</h1>');
  });
});
