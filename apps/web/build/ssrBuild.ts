import path from 'node:path';
import { build, type Plugin } from 'vite';

/** Where the server renderer goes inside the build; the server reads it, browsers are never sent it. */
export const SSR_DIR = 'ssr';

/**
 * After the browser's build, builds the public pages' server renderer (`src/public/render.tsx`)
 * into `<outDir>/ssr/render.js`: one self-contained ES module (React included) that the server
 * imports to send the landing and legal pages as full HTML (docs/PUBLIC-SITE.md).
 */
export function ssrRenderer({ entry }: { entry: string }): Plugin {
  let root = '';
  let outDir = '';
  let isSsrBuild = false;
  let failed = false;
  return {
    name: 'bree-ssr-renderer',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isSsrBuild = Boolean(config.build.ssr);
    },
    buildEnd(error) {
      failed = Boolean(error);
    },
    closeBundle: {
      // After the browser build's own files are complete (the service worker's list is made without it).
      order: 'post',
      sequential: true,
      async handler() {
        if (isSsrBuild || failed) return;
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          // Everything in one file: the server's process may not have the web app's packages.
          ssr: { noExternal: true },
          build: {
            ssr: entry,
            outDir: path.join(outDir, SSR_DIR),
            emptyOutDir: true,
            minify: false,
            sourcemap: false,
            copyPublicDir: false,
            rolldownOptions: { output: { entryFileNames: 'render.js' }, checks: { pluginTimings: false } },
          },
        });
      },
    },
  };
}
