import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '../lib/route-handle.ts';
import { routeModules } from './route-modules.ts';
import { routes } from './router.tsx';
import routerSource from './router.tsx?raw';

// the same sources the build reads (build-plugins/route-modules.ts), by their paths in the web app
const features = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../features/*/routes.ts', { query: '?raw', import: 'default', eager: true }),
  ).map(([file, source]) => [file.replace(/^\.\.\//, 'src/'), source]),
);
const map = routeModules(routerSource, features);

const BACKEND = 'src/app/layouts/backend-layout.tsx';
const BLANK = 'src/app/layouts/blank-layout.tsx';

/** Every named route that loads its screen lazily, with the layout route it sits in (by that route's path). */
function named(list: RouteObject[], layout: string | null = null): { name: string; layout: string | null }[] {
  return list.flatMap((r) => {
    const name = (r.handle as RouteHandle | undefined)?.name;
    const own = name && r.lazy ? [{ name, layout }] : [];
    const inner = r.lazy && !name ? (r.path === '/backend' ? BACKEND : BLANK) : layout;
    return [...own, ...named(r.children ?? [], inner)];
  });
}

describe('the modules each route loads (the build map the server preloads from)', () => {
  const declared = named(routes);

  it('knows every lazily loaded named route of the router, and no other', () => {
    expect(declared.length).toBeGreaterThan(100);
    expect(Object.keys(map).sort()).toEqual(declared.map((d) => d.name).sort());
  });

  it('puts each route in the layout the router renders it in', () => {
    for (const { name, layout } of declared) {
      expect(map[name]!.length, name).toBe(layout ? 2 : 1);
      if (layout) expect(map[name]![0], name).toBe(layout);
    }
  });

  it('names modules that exist', () => {
    const files = new Set(
      // the glob names files beside this one ./x, the others ../x
      Object.keys(import.meta.glob('../**/*.{ts,tsx}')).map((file) =>
        file.replace(/^\.\.\//, 'src/').replace(/^\.\//, 'src/app/'),
      ),
    );
    const missing = Object.values(map)
      .flat()
      .filter((module) => !files.has(module));
    expect(missing).toEqual([]);
  });

  it("names each route's own screen module", () => {
    expect(map.landing).toEqual(['src/features/landing/pages/landing-page.tsx']);
    expect(map['auth-signin']).toEqual([BLANK, 'src/features/auth/pages/sign-in-page.tsx']);
    expect(map.dashboard).toEqual([BACKEND, 'src/features/dashboard/pages/dashboard-page.tsx']);
    expect(map['principal-student-all']).toEqual([BACKEND, 'src/features/school/pages/students-page.tsx']);
    expect(map['principal-teacher-list']).toEqual([BACKEND, 'src/features/school/pages/index.ts']);
    expect(map['tutor-play-online-formative']).toEqual([BACKEND, 'src/features/exam-engine/pages/play.ts']);
    expect(map['student-formative']).toEqual([BACKEND, 'src/features/exam-engine/pages/index.ts']);
    expect(map['spmb-test']).toEqual([BLANK, 'src/features/admission-selection/pages/selection-test-page.tsx']);
  });
});
