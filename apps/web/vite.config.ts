import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { mantineComponentStyles } from './build-plugins/mantine-component-styles.ts';
import { mantineStableIds } from './build-plugins/mantine-stable-ids.ts';
import { precompress } from './build-plugins/precompress.ts';
import { routeModulesPlugin } from './build-plugins/route-modules.ts';

const apiTarget = process.env.MMS_API ?? 'http://localhost:8080';

// react-router 7 exports only its development build (ENABLE_DEV_WARNINGS on: development warnings in a user's
// console), a known open issue of the package (remix-run/react-router#14102); the build takes its production build,
// shipped beside it in the same package. Tests keep the development one, whose warnings help there.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig({
  // routeModulesPlugin: which modules each route loads, for the server's modulepreload links (web-app.ts);
  // mantineStableIds: Mantine's components keep React's id instead of a random one set after they mount;
  // mantineComponentStyles: each Mantine component imports its own stylesheet, in the chunk that uses it
  plugins: [mantineStableIds(), mantineComponentStyles(), react(), routeModulesPlugin(), precompress()],
  // @mms/shared resolves to its TypeScript sources (no separate build step for the browser).
  resolve: {
    conditions: ['mms-source', ...defaultClientConditions],
    // zod configured for the browser's CSP before any schema is built (see src/lib/zod-browser.ts)
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-browser.ts', import.meta.url)) },
      ...(process.env.VITEST ? [] : [{ find: /^react-router$/, replacement: reactRouterProduction }]),
    ],
  },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // @mms/shared holds pure schemas and constants: a page bundles only the contracts it uses, not every
    // feature's (the sign-in page needs the login contract, not the timetable's)
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id) && !/[\\/]src[\\/]lib[\\/]zod-browser\.ts$/.test(id),
      },
      // Fewer files: over HTTP/1.1 a browser fetches 6 at a time, and on a phone's network every file costs
      // a round trip (150 ms) before the screen can render. What the entry loads before any route is one chunk
      // (boot), not the ~15 small ones the automatic splitting makes; the Mantine, Floating UI and icon modules
      // the lazy routes share go by the set of routes that use them, the sets under 1 kB merged into their
      // nearest. The threshold weighs files against bytes: at 2 kB the landing page carried 31 kB of backend
      // UI code merged into its chunks (42 kB beyond the entry, 10.6 kB at 1 kB); at 500 B the student list
      // loads 71 files instead of 63 for the same bytes.
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            {
              name: 'ui',
              test: /[\\/]node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 1000,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // a form test renders whole Mantine forms in jsdom: ~2-4 s on a busy 2-core machine, over vitest's 5 s
    // default when the server suite runs beside it; a hang still fails
    testTimeout: 20_000,
    // Mantine's hooks go through Vite (build-plugins/mantine-stable-ids.ts serves their useId); @mantine/core is
    // loaded by Node as it is: inlining it too made every test file transform and evaluate it again (web suite
    // 394 -> 356 CPU-s on the same machine, every file still passing)
    server: { deps: { inline: [/@mantine[\\/]hooks/, /mantine-datatable/] } },
  },
});
