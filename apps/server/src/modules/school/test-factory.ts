import type { Division } from '@mms/shared';

// Test-only: factories over the API itself, so a test reads as a school would use it. Typed
// structurally so the build does not pull in the test harness.
interface Session {
  user: { unit: { id: number } | null };
}
interface Ctx<S extends Session> {
  as: (division: Division) => Promise<S>;
  call: (
    session: S,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
}

export function schoolFactory<S extends Session>(ctx: Ctx<S>) {
  let n = 0;
  const ok = async <T = Record<string, unknown>>(
    session: S,
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    body: unknown,
  ): Promise<T> => {
    const res = await ctx.call(session, method, url, body);
    if (res.statusCode !== 200) throw new Error(`${method} ${url} → ${res.statusCode}: ${res.body}`);
    return res.json() as T;
  };

  async function setup() {
    const admin = await ctx.as('ADMIN');
    const unitId = (await ctx.as('WAKAKUR')).user.unit!.id;
    const wakakur = await ctx.as('WAKAKUR');
    const year = await ok<{ id: number }>(admin, 'POST', '/api/v1/academic-years', {
      name: `${2030 + n}/${2031 + n}`,
      startDate: `${2030 + n}-07-01`,
      endDate: `${2031 + n}-06-30`,
      isActive: true,
    });
    n++;
    return { admin, wakakur, unitId, yearId: year.id };
  }

  const grade = async (s: S, unitId: number, level: number) =>
    ok<{ id: number }>(s, 'POST', '/api/v1/grades', { unitId, level, name: `Kelas ${level}` });

  const classGroup = async (s: S, academicYearId: number, gradeId: number, name: string) =>
    ok<{ id: number; name: string }>(s, 'POST', '/api/v1/classes', { academicYearId, gradeId, name });

  const subject = async (s: S, unitId: number, code: string, name = code) =>
    ok<{ id: number }>(s, 'POST', '/api/v1/subjects', { unitId, code, name });

  let nis = 1000;
  const student = async (s: S, unitId: number, extra: Record<string, unknown> = {}) =>
    ok<{ id: number; nis: string; name: string }>(s, 'POST', '/api/v1/students', {
      unitId,
      nis: `NS${nis++}`,
      name: `Siswa ${nis}`,
      ...extra,
    });

  return { ok, setup, grade, classGroup, subject, student };
}
