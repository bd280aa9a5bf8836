/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './server/build/precompress.mjs';
import { prerenderPages } from './server/build/prerender.mjs';
import { quietMount } from './server/build/quiet-mount.mjs';
import { routePreloads } from './server/build/route-preloads.mjs';
import { PUBLIC_PATHS } from './src/public/pagePaths';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8000}`;

export default defineConfig({
  // precompress: every built text file gets .br and .gz siblings, served as they are (server/http/static-app.ts)
  // routePreloads: the scripts each page needs beyond index.html's, for the server to name in it (server/http/page-preloads.ts)
  // quietMount: MUI's Tooltip and Autocomplete and react-admin's router without rendering again as they mount
  // prerenderPages: the signed-out screens and the first signed-in screens' frames as HTML, for the server to send inside their page (same file)
  plugins: [
    quietMount(),
    react(),
    routePreloads({
      publicPaths: PUBLIC_PATHS,
      mainModule: fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
      publicModule: fileURLToPath(new URL('./src/public/PublicApp.tsx', import.meta.url)),
      adminModules: [
        './src/adminSteps/routing.ts',
        './src/adminSteps/core.ts',
        './src/adminSteps/context.ts',
        './src/adminSteps/materialUi.ts',
        './src/adminSteps/ui.ts',
        './src/App.tsx',
      ].map((module) => fileURLToPath(new URL(module, import.meta.url))),
    }),
    prerenderPages({ modules: ['/src/public/prerender.tsx', '/src/adminFrame/prerender.tsx'] }),
    precompress(),
  ],
  // the polyfill's dozen packages out of the first script (src/public/objectEntries.cjs)
  resolve: { alias: { 'object.entries': fileURLToPath(new URL('./src/public/objectEntries.cjs', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': apiTarget } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // screens render a whole react-admin tree: slow on 2 busy cores
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // One embedded database per file; files run one after another to spare the 2 cores.
          fileParallelism: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
