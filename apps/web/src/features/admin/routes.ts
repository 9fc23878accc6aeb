import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The administration screens of issue 18 (users, one user, the audit trail, the random generator), the backups and the permission table (issue 39). */
export const adminRoutes: RouteObject[] = [
  screen('other-users', 'users.manage', 'UsersPage'),
  screen('other-user', 'users.manage', 'UserPage'),
  screen('other-audit', 'audit.read', 'AuditPage'),
  screen('other-random-generator', 'content.manage', 'RandomGeneratorPage'),
  screen('other-backups', 'backup.manage', 'BackupsPage'),
  screen('other-permissions', 'permissions.manage', 'PermissionsPage'),
];
