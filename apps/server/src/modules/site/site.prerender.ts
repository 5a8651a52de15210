import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicConfig } from '@bree/contracts';

/** Where the web build puts the public pages' server renderer (apps/web/build/ssrBuild.ts). */
export const RENDERER_PATH = 'ssr/render.js';
/** The element the browser reads the configuration from before hydrating (apps/web/src/public/config.ts). */
export const RENDERED_CONFIG_ID = 'bree-public-config';

/** apps/web/src/public/render.tsx: a public page's HTML for its path, or null for any other path. */
export type RenderPublicPage = (pathname: string, config: PublicConfig) => string | null;

/**
 * The build's renderer of the public pages, or null when the build has none (a build made before
 * it existed, or a test's stand-in build): those pages then go out as the app's shell and render
 * in the browser. Imported again when the file changes (a rebuild under a running server).
 */
export async function loadPublicRenderer(distDir: string): Promise<RenderPublicPage | null> {
  const file = path.join(distDir, RENDERER_PATH);
  if (!existsSync(file)) return null;
  const module = (await import(`${pathToFileURL(file).href}?built=${statSync(file).mtimeMs}`)) as { renderPublicPage?: unknown };
  return typeof module.renderPublicPage === 'function' ? (module.renderPublicPage as RenderPublicPage) : null;
}

/**
 * The app's shell with a public page's HTML in its root element and, after it, the configuration
 * it was rendered with, which the browser hydrates with instead of asking for it. Null when the
 * shell has no root element shaped as the build writes it.
 */
export function withRenderedPage(shellHtml: string, pageHtml: string, config: PublicConfig): string | null {
  const root = /<div id="root">[\s\S]*?<\/div>/;
  if (!root.test(shellHtml)) return null;
  // A JSON script is data, never run (the page's CSP allows no inline script); `<` is escaped so
  // no value can close the element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return shellHtml.replace(root, () => `<div id="root">${pageHtml}</div>\n<script type="application/json" id="${RENDERED_CONFIG_ID}">${json}</script>`);
}
