import { describe, expect, it } from 'vitest';
import { DIVISIONS, type Division } from './divisions.ts';
import { MENU, menuFor, menuLinks } from './menu.ts';
import { can } from './permissions.ts';

const namesOf = (division: Division) => menuLinks(menuFor(division)).map((l) => l.name);

describe('menu tree', () => {
  it('has unique route names and product paths under /backend', () => {
    const links = menuLinks(MENU);
    expect(new Set(links.map((l) => l.name)).size).toBe(links.length);
    for (const l of links) expect(l.path).toMatch(/^\/backend\/(dashboard|mms\/[a-z]+(\/[a-z]+)?\/[a-z-]+)$/);
  });

  it('shows a division only what it may open, and no empty heading or submenu', () => {
    for (const d of DIVISIONS) {
      const nodes = menuFor(d);
      for (const l of menuLinks(nodes)) expect(can(d, l.permission), `${d} ${l.name}`).toBe(true);
      nodes.forEach((n, i) => {
        if (n.type === 'submenu') expect(n.children.length).toBeGreaterThan(0);
        if (n.type === 'heading') expect(nodes[i + 1]?.type).not.toBe('heading');
      });
      expect(nodes.at(-1)?.type).not.toBe('heading');
    }
  });

  // Specification section 2, "Menus per division".
  it.each<[Division, string[], string[]]>([
    [
      'STUDENT',
      ['dashboard', 'other-profile', 'student-formative', 'student-online-test'],
      ['tutor-journal', 'report-student-list', 'bpbk-violation-input'],
    ],
    [
      'TEACHER',
      ['tutor-attendance', 'tutor-teaching-schedule', 'tutor-journal', 'teacher-sanction-input', 'btq-progress'],
      ['student-formative', 'tutor-subjects', 'treasurer-payments', 'tutor-scoring-project'],
    ],
    [
      'TEACHERCASHIER',
      ['tutor-journal', 'tutor-summative-schedule', 'tutor-scoring-project', 'treasurer-payments'],
      ['tutor-subjects', 'bpbk-violation-input'],
    ],
    [
      'PRINCIPAL',
      ['principal-teacher-list', 'principal-student-input', 'tutor-attendance-all', 'btq-prayer-midday', 'btq-level'],
      ['tutor-subjects', 'treasurer-payments', 'bpbk-violation-input'],
    ],
    [
      'WAKAKUR',
      ['tutor-subjects', 'tutor-homeroom', 'tutor-class-mutation', 'tutor-teaching-hours', 'principal-admission-list'],
      ['treasurer-payments', 'bpbk-violation-input'],
    ],
    [
      'YAYASAN',
      ['principal-bisyaroh-master', 'principal-bisyaroh-process', 'principal-bisyaroh-list', 'report-student-list'],
      ['tutor-journal', 'treasurer-payments', 'student-formative', 'tutor-bisyaroh'],
    ],
    [
      'BPBK',
      ['bpbk-achievement-input', 'bpbk-counselling-list', 'bpbk-psychotest-input', 'bpbk-tka-violation-list'],
      ['tutor-journal', 'treasurer-payments', 'report-student-list'],
    ],
    [
      'TU',
      ['other-profile', 'tutor-summative-schedule', 'report-journal', 'principal-admission-input', 'other-passchange'],
      ['tutor-journal', 'report-student-list', 'treasurer-payments', 'tutor-subjects'],
    ],
    [
      'ADMIN',
      ['principal-student-input', 'report-employee-list', 'principal-selection-question-input', 'other-users'],
      ['student-formative', 'student-online-test', 'tutor-bisyaroh'],
    ],
  ])('%s sees its menu', (division, present, absent) => {
    const names = namesOf(division);
    for (const n of present) expect(names, n).toContain(n);
    for (const n of absent) expect(names, n).not.toContain(n);
  });

  it('shows "Bisyaroh saya" to the paid teachers and staff only, not to the foundation nor ADMIN', () => {
    const paid = DIVISIONS.filter((d) => namesOf(d).includes('tutor-bisyaroh'));
    expect(paid).toEqual(['TEACHER', 'TEACHERCASHIER', 'PRINCIPAL', 'WAKAKUR', 'BPBK', 'TU']);
  });
});
