import type { Permission } from '@mms/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle.ts';
import { ROUTES, type RouteName } from './route-names.ts';

/** The names of a module's exports that are components. */
type ComponentExports<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * The screens of one lazily loaded feature chunk: `screen(name, permission, 'XPage')` is the named route under
 * /backend (path relative to it), guarded by the permission, whose chunk is loaded on the first visit.
 */
export function lazyScreens<M>(load: () => Promise<M>) {
  return (name: RouteName, permission: Permission, page: ComponentExports<M>): RouteObject => {
    const handle: RouteHandle = { name, permission };
    return {
      path: ROUTES[name].slice('/backend/'.length),
      handle,
      lazy: () => load().then((m) => ({ Component: m[page] as ComponentType })),
    };
  };
}
