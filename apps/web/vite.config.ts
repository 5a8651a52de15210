import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleBudgets } from './build/bundleBudgets.ts';
import { SSR_DIR, ssrRenderer } from './build/ssrBuild.ts';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What a page must never download: the editor's engine, the sanitiser, Markdown, sign-in and data-fetching libraries, Radix. */
const HEAVY_FOR_PUBLIC_PAGES = /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|dompurify|marked|oidc-client-ts|react-oidc-context|@tanstack|@radix-ui)[\\/]/;
const KB = 1024;
/** JavaScript budgets (gzipped), checked on every production build. */
const BUDGETS = [
  { name: 'Landing page', loads: ['/src/public/start.tsx', '/src/routes/landing.tsx'], maxGzipBytes: 100 * KB, forbidden: HEAVY_FOR_PUBLIC_PAGES },
  { name: 'Privacy page', loads: ['/src/public/start.tsx', '/src/routes/privacy.tsx'], maxGzipBytes: 100 * KB, forbidden: HEAVY_FOR_PUBLIC_PAGES },
  { name: 'Terms page', loads: ['/src/public/start.tsx', '/src/routes/terms.tsx'], maxGzipBytes: 100 * KB, forbidden: HEAVY_FOR_PUBLIC_PAGES },
  { name: 'Security page', loads: ['/src/public/start.tsx', '/src/routes/security.tsx'], maxGzipBytes: 100 * KB, forbidden: HEAVY_FOR_PUBLIC_PAGES },
  // Everything the editor page loads before a writer can type: at most 300 KB (issue 43; what is not needed
  // to type loads on first use, docs/PAGE-WEIGHT.md).
  { name: 'Editor', loads: ['/src/app/startApp.tsx', '/src/routes/editor.tsx'], maxGzipBytes: 300 * KB },
];

// In development the API, the embedded issuer and its interaction pages live on the server.
const SERVER = 'http://localhost:3000';

/** Text files worth compressing; images and fonts are compressed already, source maps are rarely fetched. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, once, so the server sends
 * them as they are (its static files are served with `preCompressed`) instead of compressing
 * each response again.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bree-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After the PWA plugin has written the service worker.
      order: 'post',
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
          const body = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // A small custom worker (src/sw.ts): app-shell precache plus Background Sync of offline saves.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // src/app/serviceWorker.tsx registers it and asks before updating; no injected script (CSP).
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The manifest and its icons are added by the plugin itself.
        globPatterns: ['**/*.{js,css,html}'],
        // The public pages' server renderer is the server's, never a browser's.
        globIgnores: [`${SSR_DIR}/**`],
        // The import converters (mammoth, docx) are big; the shell must still work offline.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        // A classic script: every browser with service workers runs it, not only those with module workers.
        rollupFormat: 'iife',
      },
      manifest: {
        name: 'Bree',
        short_name: 'Bree',
        description: 'A self-hostable AI writing studio that learns your voice.',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        theme_color: '#FBF7EE',
        background_color: '#FBF7EE',
        id: '/app',
        categories: ['productivity', 'writing'],
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The list opens /app?new and creates the document (useNewDocumentShortcut).
        shortcuts: [{ name: 'New document', short_name: 'New', url: '/app?new', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] }],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
    bundleBudgets(BUDGETS),
    ssrRenderer({ entry: 'src/public/render.tsx' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      checks: {
        // Tailwind's generated CSS has no source of its own to map back to, and the PWA plugin's
        // worker build is timed as ours: neither is something to act on at every start.
        sourcemapBroken: false,
        bundlerTimings: false,
      },
      output: {
        // Stable vendor chunks: an app release doesn't make browsers re-download React or zod.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // zod's English messages stay out: they load only when an answer breaks its contract (loadZodMessages).
            { name: 'zod', test: /node_modules[\\/]zod[\\/](?!v4[\\/]locales[\\/])/ },
            // The editor's engine: only the editor and the views that show a document need it.
            // The suggestion utility is the '/' menu's, and the bubble and floating menus are the selection
            // actions', which load after the editor; prosemirror-tables is the tables' editing, loaded once the editor
            // is up (docs/PAGE-WEIGHT.md).
            {
              name: 'editor',
              test: /node_modules[\\/](?!@tiptap[\\/](suggestion|extension-bubble-menu|extension-floating-menu|react[\\/]dist[\\/]menus|pm[\\/]dist[\\/]tables)[\\/]|prosemirror-tables[\\/])(@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
            },
            // The usage chart's library and its helpers: only the subscription page draws it.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // /blog and /updates (their posts and RSS feeds) are pages the server renders.
    proxy: { '/api': SERVER, '/oidc': SERVER, '/interaction': SERVER, '/blog': SERVER, '/updates': SERVER },
  },
});
