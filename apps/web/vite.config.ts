import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

// In development the API, the embedded issuer and its interaction pages live on the server.
const SERVER = 'http://localhost:3000';

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
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      devOptions: { enabled: false },
    }),
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
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The editor's engine: only the editor and the views that show a document need it.
            { name: 'editor', test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/ },
            // The usage chart's library and its helpers: only the subscription page draws it.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
