import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  LegacyClassTitleRow,
  LegacyEmployeeMapelQuery,
  LegacyEmployeeQuery,
  LegacyEmployeeRow,
  LegacyGradeQuery,
  LegacyGradeRow,
  LegacyLoginRequest,
  LegacyLoginResponse,
  LegacyMapelRow,
  LegacyNipQuery,
  LegacyPasswordRequest,
  LegacyPasswordResponse,
  LegacyStudentClassRow,
  LegacyStudentQuery,
  LegacyTapelEmployeeClassQuery,
  LegacyTapelEmployeeQuery,
  LegacyTapelRow,
  LegacyTapelStudentQuery,
  LegacyTeacherRow,
  LegacyUserResponse,
  LegacyYearQuery,
  type AuthUser,
  type LegacyUser,
  type LookupItem,
  type Permission,
  type RouteAccess,
  type Semester,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { mayUse } from '../../lib/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { seesOnlyOwnClasses, unitScope, userOf } from '../../lib/scope.ts';
import type { ApiTokensService } from '../api-tokens/api-tokens.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createEmployeesService } from '../school/employees.service.ts';
import { createLookupsService } from '../school/lookups.service.ts';
import { createStructureService } from '../school/structure.service.ts';
import { createStudentsService } from '../school/students.service.ts';
import { unitIdByCode } from '../school/school.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const security: Record<string, string[]>[] = [{ bearer: [] }, { session: [] }];

/** The plain call is the SD unit's, the `SMP` variant the SMP unit's (units are coded 'SD' and 'SMP'). */
const VARIANTS = [
  { suffix: '', unit: 'SD' },
  { suffix: 'SMP', unit: 'SMP' },
] as const;

const rows = <T extends z.ZodType>(row: T, example: unknown[]) => z.array(row).meta({ examples: [example] });

const classRow = (i: LookupItem) => ({ id: i.id, class_title: i.name });
const mapelRow = (i: LookupItem) => ({ id: i.id, mapel: i.name, code: i.code });

const CLASS_EXAMPLE = [
  { id: 12, class_title: '7A' },
  { id: 13, class_title: '7B' },
];
const MAPEL_EXAMPLE = [{ id: 4, mapel: 'Matematika', code: 'MTK' }];

/**
 * The old client's calls (spec section 7), a thin adapter: each call maps onto the service and the
 * permission of its /api/v1 counterpart (the lookups, employees and auth services), with the old
 * names and snake_case rows. Parameters and rows: docs/legacy-api.md.
 */
export const legacyRoutes: FastifyPluginAsyncZod<{
  db: Database;
  auth: AuthService;
  tokens: ApiTokensService;
  ipLimitPerMinute: number;
}> = async (app, { db, auth, tokens, ipLimitPerMinute }) => {
  const structure = createStructureService(db);
  const students = createStudentsService(db, structure);
  const employees = createEmployeesService(db);
  const lookups = createLookupsService(db, structure, students, employees);

  /** The unit of a variant, when the caller may open it (403 for another unit's account, 404 if it does not exist). */
  async function unitOf(user: AuthUser, code: string) {
    const id = await unitIdByCode(db, code);
    if (id === undefined) throw notFound(`Unit ${code}`);
    return unitScope(user, id) ?? id;
  }

  /** Teachers look up only their own classes and subjects through these calls. */
  function ownEmployee(user: AuthUser, employeeId: number | undefined) {
    if (seesOnlyOwnClasses(user) && employeeId !== undefined && employeeId !== user.employeeId) {
      throw forbidden('Guru hanya dapat melihat kelas dan mata pelajarannya sendiri');
    }
  }

  type EmployeeQuery = { employeeId?: number | undefined; tapel?: number | undefined; semester?: Semester | undefined };

  /** The classes an employee (default: the caller) teaches: the v1 employee-classes lookup. */
  async function employeeClasses(user: AuthUser, q: EmployeeQuery, unitId: number) {
    ownEmployee(user, q.employeeId);
    return lookups.employeeClasses(user, { ...q, unitId, academicYearId: q.tapel });
  }

  /** The subjects an employee (default: the caller) teaches, optionally in one class: the v1 employee-subjects lookup. */
  async function employeeSubjects(user: AuthUser, q: EmployeeQuery, unitId: number, classGroupId?: number) {
    ownEmployee(user, q.employeeId);
    return lookups.employeeSubjects(user, { ...q, unitId, academicYearId: q.tapel, classGroupId });
  }

  /** Registers a call and its SMP variant. */
  function lookup<Q extends z.ZodObject>(
    name: string,
    def: {
      access: Permission;
      summary: string;
      query?: Q;
      response: z.ZodType;
      handler: (user: AuthUser, query: z.infer<Q>, unitId: number) => Promise<unknown[]>;
      /** variants without parameters (getAllClassGradeSMP) */
      noQueryOn?: 'SMP';
    },
  ) {
    for (const v of VARIANTS) {
      const query = def.query && def.noQueryOn !== v.suffix ? def.query : undefined;
      app.get(
        `/${name}${v.suffix}`,
        {
          config: { access: def.access satisfies RouteAccess },
          schema: {
            tags: ['legacy'],
            summary: `${def.summary} (${v.unit} unit)`,
            security,
            ...(query ? { querystring: query } : {}),
            response: { 200: def.response, ...errors },
          },
        },
        async (request) => {
          const user = userOf(request);
          const unitId = await unitOf(user, v.unit);
          return def.handler(user, (query ? request.query : {}) as z.infer<Q>, unitId);
        },
      );
    }
  }

  lookup('getTapel', {
    access: 'school.read',
    summary: 'School years (tapel): id, tapel, is_active',
    response: rows(LegacyTapelRow, [{ id: 3, tapel: '2026/2027', is_active: true }]),
    handler: async () => (await lookups.tapel()).map((y) => ({ id: y.id, tapel: y.name, is_active: y.isActive })),
  });
  lookup('getAllMapel', {
    access: 'school.read',
    summary: 'Active subjects of the unit',
    response: rows(LegacyMapelRow, MAPEL_EXAMPLE),
    handler: async (user, _q, unitId) => (await lookups.subjects(user, unitId)).map(mapelRow),
  });
  lookup('getAllClassTitle', {
    access: 'school.read',
    summary: 'Class groups of the unit in the active year',
    response: rows(LegacyClassTitleRow, CLASS_EXAMPLE),
    handler: async (user, _q, unitId) => (await lookups.classTitles(user, { unitId })).map(classRow),
  });
  lookup('getAllTeacher', {
    access: 'school.read',
    summary: 'Active teachers of the unit: id, name, nip',
    response: rows(LegacyTeacherRow, [{ id: 7, name: 'Ustadz Ahmad Fauzi, S.Pd.', nip: '198503142010011002' }]),
    handler: async (user, _q, unitId) =>
      (await lookups.teachers(user, unitId)).map((t) => ({ id: t.id, name: t.name, nip: t.code })),
  });
  lookup('getAllClassGrade', {
    access: 'school.read',
    summary: 'Grades of the unit (param grade: one level); the SMP variant takes no parameters',
    query: LegacyGradeQuery,
    noQueryOn: 'SMP',
    response: rows(LegacyGradeRow, [{ id: 2, grade: 'Kelas 7', level: 7 }]),
    handler: async (user, q, unitId) =>
      (await lookups.classGrades(user, unitId))
        .map((g) => ({ id: g.id, grade: g.name, level: Number(g.code) }))
        .filter((g) => q.grade === undefined || g.level === q.grade),
  });
  lookup('getCurrentClassTitle', {
    access: 'school.read',
    summary: 'Class titles of a year (param tapel, default the active year)',
    query: LegacyYearQuery,
    response: rows(LegacyClassTitleRow, CLASS_EXAMPLE),
    handler: async (user, q, unitId) =>
      (await lookups.classTitles(user, { unitId, academicYearId: q.tapel, semester: q.semester })).map(classRow),
  });
  lookup('getCurrentEmloyeeClassTitle', {
    access: 'school.read',
    summary: 'Classes an employee (default: the caller) teaches in a year',
    query: LegacyEmployeeQuery,
    response: rows(LegacyClassTitleRow, CLASS_EXAMPLE),
    handler: async (user, q, unitId) => (await employeeClasses(user, q, unitId)).map(classRow),
  });
  lookup('getCurrentEmloyeeMapel', {
    access: 'school.read',
    summary: 'Subjects an employee (default: the caller) teaches in a year',
    query: LegacyEmployeeQuery,
    response: rows(LegacyMapelRow, MAPEL_EXAMPLE),
    handler: async (user, q, unitId) => (await employeeSubjects(user, q, unitId)).map(mapelRow),
  });
  lookup('getClassTitleBasedEmployeeMapel', {
    access: 'school.read',
    summary: 'Classes where an employee teaches a subject (param mapel) in a year',
    query: LegacyEmployeeMapelQuery,
    response: rows(LegacyClassTitleRow, CLASS_EXAMPLE),
    handler: async (user, q, unitId) => {
      const classes = await employeeClasses(user, q, unitId);
      const teaches = await Promise.all(
        classes.map(async (c) => (await employeeSubjects(user, q, unitId, c.id)).some((s) => s.id === q.mapel)),
      );
      return classes.filter((_c, i) => teaches[i]).map(classRow);
    },
  });
  lookup('getClassTitleBasedTapelEmployeeId', {
    access: 'school.read',
    summary: 'Classes an employee teaches in the year tapel',
    query: LegacyTapelEmployeeQuery,
    response: rows(LegacyClassTitleRow, CLASS_EXAMPLE),
    handler: async (user, q, unitId) => (await employeeClasses(user, q, unitId)).map(classRow),
  });
  lookup('getMapelBasedTapelEmployeeIdClassTitle', {
    access: 'school.read',
    summary: 'Subjects an employee teaches in a class (param classTitle: class id) in the year tapel',
    query: LegacyTapelEmployeeClassQuery,
    response: rows(LegacyMapelRow, MAPEL_EXAMPLE),
    handler: async (user, q, unitId) => (await employeeSubjects(user, q, unitId, q.classTitle)).map(mapelRow),
  });

  lookup('getMapelBasedTapelStudentId', {
    access: 'schedule.read',
    summary: "The subjects of a student's class in the year tapel (students: themself only)",
    query: LegacyTapelStudentQuery,
    response: rows(LegacyMapelRow, MAPEL_EXAMPLE),
    handler: async (user, q, unitId) =>
      (await lookups.studentSubjects(user, { ...q, unitId, academicYearId: q.tapel })).map(mapelRow),
  });
  lookup('getCurrentClassTitleStudent', {
    access: 'schedule.read',
    summary: "A student's class in a year (default active); the first row's class_title (students: themself only)",
    query: LegacyStudentQuery,
    response: rows(LegacyStudentClassRow, [{ id: 12, class_title: '7A', student_id: 41, tapel_id: 3, grade_level: 7 }]),
    handler: async (user, q, unitId) => {
      const c = await lookups.studentClass(user, { ...q, unitId, academicYearId: q.tapel });
      return c.classGroupId !== null && c.classTitle !== null && c.academicYearId !== null
        ? [
            {
              id: c.classGroupId,
              class_title: c.classTitle,
              student_id: c.studentId,
              tapel_id: c.academicYearId,
              grade_level: c.gradeLevel,
            },
          ]
        : [];
    },
  });

  app.get(
    '/getEmployeeByNIP',
    {
      config: { access: 'school.employee.read' },
      schema: {
        tags: ['legacy'],
        summary: 'The employee with this NIP (param nip): rows with id',
        security,
        querystring: LegacyNipQuery,
        response: {
          200: rows(LegacyEmployeeRow, [{ id: 7, nip: '198503142010011002', name: 'Ustadz Ahmad Fauzi, S.Pd.' }]),
          ...errors,
        },
      },
    },
    async (request) => {
      const { nip } = request.query;
      const page = await employees.list(userOf(request), { page: 1, pageSize: 50, q: nip });
      return page.items.filter((e) => e.nip === nip).map((e) => ({ id: e.id, nip: e.nip, name: e.name }));
    },
  );

  /** The caller as the old client reads it; email from the employee record when the caller may read it. */
  async function legacyUserOf(request: FastifyRequest, user: AuthUser): Promise<LegacyUser> {
    let email: string | null = null;
    if (user.employeeId && request.auth && mayUse(request.auth, 'school.employee.read')) {
      email = (await employees.get(user, user.employeeId)).email;
    }
    return toLegacyUser(user, email);
  }

  app.post(
    '/login',
    {
      // Throttled exactly like POST /api/v1/auth/login: the same per-address limit and the same
      // per-account failure counting (auth.signIn).
      config: { access: 'public', rateLimit: { max: ipLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['legacy'],
        summary: `Sign in: a short-lived API token acting as the user, with the user's permissions`,
        body: LegacyLoginRequest,
        response: {
          200: LegacyLoginResponse.meta({
            examples: [
              {
                access_token: 'mms_3q2V…',
                token_type: 'Bearer',
                expires_at: '2026-11-24T18:00:00.000Z',
                data: { data: USER_EXAMPLE },
              },
            ],
          }),
          400: ErrorBody,
          401: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const issued = await auth.signIn(request.body, actorOf(request), async (tx, user) => ({
        ...(await tokens.issueForLogin(tx, user)),
        user,
      }));
      return {
        access_token: issued.token,
        token_type: 'Bearer' as const,
        expires_at: issued.expiresAt.toISOString(),
        data: { data: toLegacyUser(issued.user, null) },
      };
    },
  );

  app.get(
    '/userrssSmaAlamin',
    {
      config: { access: 'profile.self' },
      schema: {
        tags: ['legacy'],
        summary: 'The caller under data.data: student_id, email, name, division, profile_photo_path',
        security,
        response: { 200: LegacyUserResponse.meta({ examples: [{ data: { data: USER_EXAMPLE } }] }), ...errors },
      },
    },
    async (request) => ({ data: { data: await legacyUserOf(request, userOf(request)) } }),
  );

  for (const path of ['/updatePass', '/passwordChange']) {
    app.post(
      path,
      {
        config: { access: 'profile.self' },
        schema: {
          tags: ['legacy'],
          summary:
            'Change the own password (current_password, new_password) under the password policy; ends every session of the user',
          security,
          body: LegacyPasswordRequest,
          response: {
            200: LegacyPasswordResponse.meta({
              examples: [{ message: 'Data berhasil disimpan', sessions_ended: 1, data: { data: USER_EXAMPLE } }],
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const changed = await auth.changePasswordWithToken(
          request.auth!,
          { currentPassword: request.body.current_password, newPassword: request.body.new_password },
          actorOf(request),
        );
        return {
          message: 'Data berhasil disimpan',
          sessions_ended: changed.sessionsEnded,
          data: { data: await legacyUserOf(request, userOf(request)) },
        };
      },
    );
  }
};

const USER_EXAMPLE: LegacyUser = {
  id: 41,
  username: '2026070001',
  student_id: 41,
  employee_id: null,
  email: null,
  name: 'Muhammad Rizki',
  division: 'STUDENT',
  unit: 'SMP',
  profile_photo_path: '/api/v1/files/avatars/41.webp',
};

function toLegacyUser(user: AuthUser, email: string | null): LegacyUser {
  return {
    id: user.id,
    username: user.username,
    student_id: user.studentId,
    employee_id: user.employeeId,
    email,
    name: user.displayName,
    division: user.division,
    unit: user.unit?.code ?? null,
    profile_photo_path: user.avatarUrl,
  };
}
