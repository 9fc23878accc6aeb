/**
 * Which modules a first visit to each named route loads beyond the entry: its layout's and its screen's, named as
 * in Vite's manifest (`src/...`). Read from the router's source at build time (build-plugins/route-modules.ts), so
 * the server can add `<link rel="modulepreload">` for their chunks to the page it sends (apps/server web-app.ts):
 * a phone then fetches them while the entry loads, not after the entry has run and the router has matched.
 * Pure string work (no Node), so the unit test runs it on the same sources in the browser environment.
 */

export const ROUTER_FILE = 'src/app/router.tsx';

/** `spec` imported from `file`, as a manifest key (`src/...`). */
function resolve(file: string, spec: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** `const x = lazyScreens(() => import('...'))`: loader name → module. */
function loaders(file: string, source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of source.matchAll(/const\s+(\w+)\s*=\s*lazyScreens\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)\s*\)/g))
    found.set(m[1]!, resolve(file, m[2]!));
  return found;
}

/**
 * The named routes a piece of source declares, with the module each loads: `screen('name', …)` for a loader made
 * by `lazyScreens`, and a handle's `name: '…'` followed by that route's `lazy: () => import('…')`.
 */
function namedRoutes(file: string, source: string, loaded: Map<string, string>) {
  const routes: { name: string; module: string; at: number }[] = [];
  for (const [loader, module] of loaded) {
    for (const m of source.matchAll(new RegExp(`\\b${loader}\\(\\s*'([^']+)'`, 'g')))
      routes.push({ name: m[1]!, module, at: m.index });
  }
  // no other route's path or name between the handle's name and the lazy import
  const direct = /\bname:\s*'([^']+)'(?:(?!\bname:|\bpath:)[\s\S])*?\blazy:\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;
  for (const m of source.matchAll(direct)) routes.push({ name: m[1]!, module: resolve(file, m[2]!), at: m.index });
  return routes;
}

/**
 * Route name → the modules it loads ([layout, screen], or [screen] outside a layout). `features` holds the
 * `src/features/<x>/routes.ts` sources by path. A route's layout is the layout route it sits in in the router: the
 * last `import('./layouts/…')` before it, or before the `...xRoutes` spread that brings it in.
 */
export function routeModules(router: string, features: Record<string, string>): Record<string, string[]> {
  const layouts = [...router.matchAll(/\bimport\(\s*'(\.\/layouts\/[^']+)'\s*\)/g)].map((m) => ({
    at: m.index,
    module: resolve(ROUTER_FILE, m[1]!),
  }));
  const result: Record<string, string[]> = {};
  const add = (name: string, module: string, at: number) => {
    if (result[name]) throw new Error(`route ${name} is declared twice`);
    const layout = layouts.filter((l) => l.at < at).at(-1)?.module;
    result[name] = layout ? [layout, module] : [module];
  };

  for (const r of namedRoutes(ROUTER_FILE, router, loaders(ROUTER_FILE, router))) add(r.name, r.module, r.at);
  for (const [file, source] of Object.entries(features)) {
    const loaded = loaders(file, source);
    const lists = [...source.matchAll(/export const (\w+)\s*:\s*RouteObject\[\]/g)];
    lists.forEach((list, i) => {
      const spread = router.indexOf(`...${list[1]}`);
      if (spread < 0) return;
      const part = source.slice(list.index, lists[i + 1]?.index ?? source.length);
      for (const r of namedRoutes(file, part, loaded)) add(r.name, r.module, spread);
    });
  }
  return result;
}
