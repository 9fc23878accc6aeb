import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTER_FILE, routeModules } from '../src/app/route-modules.ts';

/** Where the build writes the map (beside Vite's manifest; the server never serves `.vite/`). */
export const ROUTE_MODULES_FILE = '.vite/route-modules.json';

/**
 * Writes, beside Vite's manifest, which modules a first visit to each named route loads (src/app/route-modules.ts);
 * the server adds `<link rel="modulepreload">` for their chunks to the page it sends for that route.
 */
export function routeModulesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'mms-route-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      const features: Record<string, string> = {};
      for (const feature of readdirSync(path.join(root, 'src/features'))) {
        const file = `src/features/${feature}/routes.ts`;
        if (existsSync(path.join(root, file))) features[file] = readFileSync(path.join(root, file), 'utf8');
      }
      const router = readFileSync(path.join(root, ROUTER_FILE), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_MODULES_FILE,
        source: JSON.stringify(routeModules(router, features)),
      });
    },
  };
}
