import {
  ClassGroupsQuery,
  menuFor,
  menuLinks,
  SchoolPageQuery,
  SEARCH_LIMIT_PER_KIND,
  StudentsQuery,
  type AuthUser,
  type Permission,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { unitScope, userCan } from '../../lib/scope.ts';
import type { StructureService } from '../school/structure.service.ts';
import type { StudentsService } from '../school/students.service.ts';
import { searchEmployees } from '../school/school.service.ts';

/** One kind of thing the search finds; a new feature adds its provider to the list. */
export interface SearchProvider {
  kind: SearchKind;
  /** the caller must hold it, or the kind is skipped */
  permission: Permission;
  search(user: AuthUser, term: string, limit: number): Promise<SearchHit[]>;
}

const hit = (id: number | string, title: string, subtitle: string | null = null, route: string | null = null) => ({
  id: String(id),
  title,
  subtitle,
  route,
});

/** A caller tied to no unit simply finds nothing in unit-scoped data. */
async function scoped<T>(run: () => Promise<T[]>): Promise<T[]> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === 'FORBIDDEN') return [];
    throw err;
  }
}

export function menuProvider(): SearchProvider {
  return {
    kind: 'menu',
    permission: 'search.use',
    async search(user, term, limit) {
      const needle = term.toLocaleLowerCase('id');
      return menuLinks(menuFor(user.division))
        .filter((l) => [l.label.id, l.label.en, l.name].some((s) => s.toLocaleLowerCase('id').includes(needle)))
        .slice(0, limit)
        .map((l) => hit(l.name, l.label.id, l.label.en, l.name));
    },
  };
}

export function schoolProviders(
  db: Database,
  structure: StructureService,
  students: StudentsService,
): SearchProvider[] {
  return [
    {
      kind: 'student',
      permission: 'school.student.read',
      search: (user, term, limit) =>
        scoped(async () => {
          const page = await students.list(user, StudentsQuery.parse({ q: term, pageSize: limit }));
          return page.items.map((s) =>
            hit(s.id, s.name, [`NIS ${s.nis}`, s.className, s.unitCode].filter(Boolean).join(' · ')),
          );
        }),
    },
    {
      kind: 'employee',
      permission: 'school.employee.read',
      search: (user, term, limit) =>
        scoped(async () => {
          const rows = await searchEmployees(db, unitScope(user, undefined), term, limit);
          return rows.map((e) => hit(e.id, e.name, [`NIP ${e.nip}`, e.unitCode].filter(Boolean).join(' · ')));
        }),
    },
    {
      kind: 'class',
      permission: 'school.read',
      search: (user, term, limit) =>
        scoped(async () => {
          const page = await structure.listClasses(user, ClassGroupsQuery.parse({ q: term, pageSize: limit }));
          return page.items.map((c) =>
            hit(c.id, c.name, [c.academicYearName, c.homeroomName].filter(Boolean).join(' · ')),
          );
        }),
    },
    {
      kind: 'subject',
      permission: 'school.read',
      search: (user, term, limit) =>
        scoped(async () => {
          const page = await structure.listSubjects(user, SchoolPageQuery.parse({ q: term, pageSize: limit }));
          return page.items.map((s) => hit(s.id, s.name, s.code));
        }),
    },
  ];
}

/** Runs every provider the caller may use and returns the non-empty groups in a stable order. */
export function createSearchService(providers: SearchProvider[]) {
  return {
    async search(user: AuthUser, term: string): Promise<SearchGroup[]> {
      const allowed = providers.filter((p) => userCan(user, p.permission));
      const results = await Promise.all(allowed.map((p) => p.search(user, term, SEARCH_LIMIT_PER_KIND)));
      return allowed.map((p, i) => ({ kind: p.kind, items: results[i]! })).filter((g) => g.items.length > 0);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
