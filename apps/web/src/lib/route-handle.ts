import { useMatches } from 'react-router';
import type { Permission } from '@mms/shared';

/** What a route tells the layouts: its name, the permission it needs, the parts of the frame it hides. */
export interface RouteHandle {
  name?: string;
  permission?: Permission;
  hide?: { header?: boolean; sidebar?: boolean; sideOverlay?: boolean; footer?: boolean };
}

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    if (!h) continue;
    if (h.name) merged.name = h.name;
    if (h.permission) merged.permission = h.permission;
    if (h.hide) merged.hide = { ...merged.hide, ...h.hide };
  }
  return merged;
}
