import { isAppPath } from '@mms/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** Every concrete path the router declares, with its parents' paths joined. */
function paths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    const own =
      r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
    const here = r.path !== undefined && r.path !== '*' && !r.path.endsWith('*') ? [own] : [];
    return [...here, ...paths(r.children ?? [], own)];
  });
}

describe('the server knows every screen of the router', () => {
  const declared = paths(routes);

  it('finds the screens', () => {
    expect(declared).toContain('/backend/dashboard');
    expect(declared).toContain('/backend/mms/tutor/attendance-list/:classGroupId/:date');
    expect(declared.length).toBeGreaterThan(40);
  });

  it('treats each router path as an app path (so none answers 404 from the server)', () => {
    const missing = declared
      .filter((p) => p !== '/errors/:code')
      .map((p) => p.replace(/:[A-Za-z]+/g, 'x1'))
      .filter((p) => !isAppPath(p));
    expect(missing).toEqual([]);
  });

  it('does not treat unknown paths as screens', () => {
    expect(isAppPath('/backend/dashboard/')).toBe(true);
    expect(isAppPath('/backend/no-such-screen')).toBe(false);
    expect(isAppPath('/wp-login.php')).toBe(false);
    expect(isAppPath('/backend/mms/tutor/attendance-list/1/2/3')).toBe(false);
  });
});
