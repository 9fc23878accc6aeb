import { menuFor, menuLinks, type AuthUser } from '@mms/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequirePermission } from '../app/guards.tsx';
import { renderWithApp } from '../test/render.tsx';
import { userCan } from './permissions.ts';
import type { SessionUser } from './session.ts';

const teacher: AuthUser = {
  id: 7,
  username: 'guru',
  displayName: 'Guru Satu',
  division: 'TEACHER',
  avatarUrl: null,
  employeeId: 3,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};
// the ADMIN withdrew school.employee.read from teachers and granted them content.manage (issue 39)
const changed: SessionUser = {
  ...teacher,
  permissions: ['dashboard.view', 'school.read', 'content.manage'],
};

describe("the session's permissions drive the web's menus and guards", () => {
  it("answers from the session's list, else from the code's table", () => {
    expect(userCan(teacher, 'school.employee.read')).toBe(true);
    expect(userCan(teacher, 'content.manage')).toBe(false);
    expect(userCan(changed, 'school.employee.read')).toBe(false);
    expect(userCan(changed, 'content.manage')).toBe(true);
    expect(userCan(null, 'dashboard.view')).toBe(false);
  });

  it('shows the menu the session may open', () => {
    const names = (user: SessionUser) => menuLinks(menuFor((p) => userCan(user, p))).map((l) => l.name);
    expect(names(teacher)).not.toContain('other-random-generator');
    expect(names(changed)).toContain('other-random-generator');
    // a screen a teacher opens by the code's table, by a permission the session no longer has
    const lost = menuLinks(menuFor('TEACHER')).find((l) => !changed.permissions!.includes(l.permission))!;
    expect(names(teacher)).toContain(lost.name);
    expect(names(changed)).not.toContain(lost.name);
  });

  it('a guarded screen follows the session: a granted permission opens the screen', async () => {
    await renderWithApp(
      <RequirePermission permission="content.manage">
        <p>layar acak</p>
      </RequirePermission>,
      '/',
      { user: changed },
    );
    expect(await screen.findByText('layar acak')).toBeTruthy();
  });

  it('a withdrawn permission shows the 403 page', async () => {
    await renderWithApp(
      <RequirePermission permission="school.employee.read">
        <p>layar pegawai</p>
      </RequirePermission>,
      '/',
      { user: changed },
    );
    expect(await screen.findByText('403')).toBeTruthy();
    expect(screen.queryByText('layar pegawai')).toBeNull();
  });
});
