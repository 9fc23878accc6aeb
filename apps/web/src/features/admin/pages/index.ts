// The administration screens (issue 18): users, one user, the audit trail, the random generator.
import '../../../i18n/admin/index.ts';
import '../../../i18n/school/index.ts';
import '../../../i18n/print/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
export { UsersPage } from './users-page.tsx';
export { UserPage } from './user-page.tsx';
export { AuditPage } from './audit-page.tsx';
export { RandomGeneratorPage } from './random-page.tsx';
export { BackupsPage } from './backups-page.tsx';
export { PermissionsPage } from './permissions-page.tsx';
