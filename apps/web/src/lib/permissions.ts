import { can, menuFor, type MenuNode, type Permission } from '@mms/shared';
import { useCallback, useMemo } from 'react';
import { useSession, type SessionUser } from './session.ts';

/**
 * May the user do this? The web's one answer, for menus, route guards and a screen's buttons: the session's
 * permissions (the code's table with the ADMIN's grants and withdrawals for the user's division and unit, issue 39)
 * or, where the session answer has none (a user kept for the offline exam page, a test's plain user), the code's
 * table (packages/shared/src/domain/permissions.ts). The server decides every call again; this only hides.
 */
export function userCan(user: SessionUser | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return user.permissions ? user.permissions.includes(permission) : can(user.division, permission);
}

/** `userCan` for the signed-in user of a component. */
export function useCan(): (permission: Permission) => boolean {
  const { data: user } = useSession();
  return useCallback((permission: Permission) => userCan(user, permission), [user]);
}

/** The menu the signed-in user sees: the links the session may open (menuFor of packages/shared). */
export function useMenu(): MenuNode[] {
  const allowed = useCan();
  return useMemo(() => menuFor(allowed), [allowed]);
}
