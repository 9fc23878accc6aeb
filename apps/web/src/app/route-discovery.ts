import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';

/**
 * The router starts with the few /backend screens the first address can match, not all ~190 of them: on a cold
 * phone, ranking and compiling the whole table was the larger half of the router's first task (some 20 ms of
 * 45 at full CPU speed, four times that on a slow phone). The other screens join on the first navigation that
 * needs them, through React Router's `patchRoutesOnNavigation` (its "lazy route discovery"): a path the starting
 * table does not match, or matches only through a parameter or a splat, asks for them, and they are added once.
 */

/** The id of the /backend layout route, whose children the router discovers. */
export const BACKEND_ROUTE_ID = 'backend';

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path's segments as React Router compares them: decoded, without empty ones (a trailing slash). */
export const segmentsOf = (path: string) => path.split('/').filter(Boolean).map(decode);

/**
 * Whether `route` (its path relative to its parent) might match the remaining segments `rest`. A loose test:
 * it may say yes to a route that React Router then does not match, never no to one it would match (a parameter
 * takes any segment, a splat any rest; static segments compare without case, as React Router's do).
 */
export function couldMatch(route: RouteObject, rest: string[]): boolean {
  if (route.index) return rest.length === 0;
  if (route.children?.length) return true;
  const own = (route.path ?? '').split('/').filter(Boolean);
  for (let i = 0; i < own.length; i++) {
    const segment = own[i]!;
    if (segment === '*') return true;
    if (segment.endsWith('?')) return true;
    if (i >= rest.length) return false;
    if (!segment.startsWith(':') && segment.toLowerCase() !== rest[i]!.toLowerCase()) return false;
  }
  return own.length === rest.length;
}

function backendOf(routes: RouteObject[]): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === BACKEND_ROUTE_ID) return route;
    const inner = route.children && backendOf(route.children);
    if (inner) return inner;
  }
  return undefined;
}

/** `routes` with the /backend layout's children cut to those that might match `pathname` (the rest: `later`). */
export function startingRoutes(
  routes: RouteObject[],
  pathname: string,
): { routes: RouteObject[]; later: RouteObject[] } {
  const backend = backendOf(routes);
  if (!backend?.path || !backend.children) return { routes, later: [] };
  const base = segmentsOf(backend.path);
  const path = segmentsOf(pathname);
  const under = base.every((segment, i) => path[i]?.toLowerCase() === segment.toLowerCase());
  const rest = path.slice(base.length);
  const first = under ? backend.children.filter((child) => couldMatch(child, rest)) : [];
  const later = backend.children.filter((child) => !first.includes(child));
  const cut = (list: RouteObject[]): RouteObject[] =>
    list.map((route) =>
      route === backend
        ? { ...route, children: first }
        : route.children
          ? ({ ...route, children: cut(route.children) } as RouteObject)
          : route,
    );
  return { routes: cut(routes), later };
}

/**
 * Adds the screens the starting table left out, once, when a navigation first needs a route it lacks (a
 * navigation cut short by another adds nothing: React Router ignores its patch, and the next one asks again).
 */
export function discoverLater(later: RouteObject[]): PatchRoutesOnNavigationFunction {
  let waiting: RouteObject[] | null = later.length ? later : null;
  return ({ patch, signal }) => {
    if (!waiting || signal.aborted) return;
    const screens = waiting;
    waiting = null;
    patch(BACKEND_ROUTE_ID, screens);
  };
}
