import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BACKEND_ROUTE_ID, couldMatch, discoverLater, segmentsOf, startingRoutes } from './route-discovery.ts';
import { createRouter, routes } from './router.tsx';

/** The app's table without its lazy screens (the tests compare matches, not screens): same paths, ids, handles. */
function bare(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { lazy: _lazy, element: _element, errorElement: _errorElement, children, ...rest } = route;
    return (children ? { ...rest, children: bare(children) } : rest) as RouteObject;
  });
}
const table = bare(routes);

/** Every concrete path of the table, parameters filled in. */
function paths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    const own =
      r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
    const here = r.path !== undefined && !r.path.endsWith('*') ? [own.replace(/:[A-Za-z]+/g, '7')] : [];
    return [...here, ...paths(r.children ?? [], own)];
  });
}
const every = paths(table);

/** The route the whole table matches for a path: its handle's name, or its path for the unnamed 404 routes. */
const expected = (path: string) => {
  const route = matchRoutes(table, path)?.at(-1)?.route;
  return route?.handle?.name ?? route?.path;
};
const matched = (router: ReturnType<typeof createRouter>) => {
  const route = router.state.matches.at(-1)?.route;
  return route?.handle?.name ?? route?.path;
};

const memoryAt = (path: string) =>
  createRouter({
    table,
    pathname: path,
    create: (r, opts) => createMemoryRouter(r, { ...opts, initialEntries: [path] }),
  });

/** Waits until the router has matched its first address (discovery makes that asynchronous). */
async function ready(router: ReturnType<typeof createRouter>) {
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.initialized) {
          stop();
          resolve();
        }
      });
    });
  expect(router.state.initialized).toBe(true);
  return router;
}

const STUDENT_LIST = '/backend/mms/principal/student-all';
const backendChildren = (list: RouteObject[]): RouteObject[] =>
  list.flatMap((r) => (r.id === BACKEND_ROUTE_ID ? (r.children ?? []) : backendChildren(r.children ?? [])));

describe('the router starts with the screens its first address needs', () => {
  it('starts a list screen with that screen and the 404 route, not the whole backend', () => {
    const start = startingRoutes(table, STUDENT_LIST);
    const first = backendChildren(start.routes);
    expect(first.map((r) => r.path)).toEqual(['mms/principal/student-all', '*']);
    expect(first.length + start.later.length).toBe(backendChildren(table).length);
    expect(backendChildren(table).length).toBeGreaterThan(150);
  });

  it('starts a guest page without backend screens', () => {
    const start = startingRoutes(table, '/auth/signin');
    expect(backendChildren(start.routes)).toEqual([]);
    expect(start.later.length).toBe(backendChildren(table).length);
  });

  it('leaves the whole table in place for the full one (and the app table untouched)', () => {
    startingRoutes(table, STUDENT_LIST);
    expect(backendChildren(table).length).toBeGreaterThan(150);
  });

  it('opens every path of the app on the route the whole table gives it', async () => {
    expect(every.length).toBeGreaterThan(150);
    for (const path of [...every, '/backend', '/backend/no-such-screen', '/BACKEND/Dashboard/', '/nowhere']) {
      const router = await ready(memoryAt(path));
      expect([path, matched(router)]).toEqual([path, expected(path)]);
      router.dispose();
    }
  });

  it('reaches every other path from the student list, adding the other screens on the first navigation', async () => {
    const router = await ready(memoryAt(STUDENT_LIST));
    expect(matched(router)).toBe('principal-student-all');
    expect(backendChildren(router.routes).length).toBe(2);
    for (const path of [...every, '/backend/no-such-screen', STUDENT_LIST]) {
      await router.navigate(path);
      expect([path, matched(router)]).toEqual([path, expected(path)]);
    }
    expect(backendChildren(router.routes).length).toBe(backendChildren(table).length);
    router.dispose();
  });
});

describe('couldMatch', () => {
  const route = (path: string): RouteObject => ({ path });
  it('compares static segments without case, takes any segment for a parameter and any rest for a splat', () => {
    expect(couldMatch(route('mms/principal/student-all'), segmentsOf('/MMS/principal/student-all/'))).toBe(true);
    expect(couldMatch(route('mms/principal/student-all'), segmentsOf('mms/principal'))).toBe(false);
    expect(couldMatch(route('mms/principal/student-all'), segmentsOf('mms/principal/student-all/x'))).toBe(false);
    expect(couldMatch(route('mms/student/profile/:id'), segmentsOf('mms/student/profile/12'))).toBe(true);
    expect(couldMatch(route('mms/student/profile/:id'), segmentsOf('mms/student/other/12'))).toBe(false);
    expect(couldMatch(route('files/*'), segmentsOf('files/a/b/c'))).toBe(true);
    expect(couldMatch(route('*'), [])).toBe(true);
    expect(couldMatch({ index: true }, [])).toBe(true);
    expect(couldMatch({ index: true }, ['dashboard'])).toBe(false);
  });

  it('decodes segments as React Router does', () => {
    expect(segmentsOf('/a/%73iswa/%E0%A4%A')).toEqual(['a', 'siswa', '%E0%A4%A']);
  });
});

describe('discoverLater', () => {
  const later: RouteObject[] = [{ path: 'a' }, { path: 'b' }];
  const call = (discover: ReturnType<typeof discoverLater>, aborted: boolean) => {
    const patched: unknown[] = [];
    const signal = aborted ? AbortSignal.abort() : new AbortController().signal;
    void discover({
      signal,
      path: '/backend/a',
      matches: [],
      fetcherKey: undefined,
      patch: (id, children) => patched.push([id, children]),
    });
    return patched;
  };

  it('adds the left-out screens once', () => {
    const discover = discoverLater(later);
    expect(call(discover, false)).toEqual([[BACKEND_ROUTE_ID, later]]);
    expect(call(discover, false)).toEqual([]);
  });

  it('keeps them for the next navigation when this one was cut short', () => {
    const discover = discoverLater(later);
    expect(call(discover, true)).toEqual([]);
    expect(call(discover, false)).toEqual([[BACKEND_ROUTE_ID, later]]);
  });
});
