import { expect } from 'vitest';
import type { Session, TestContext } from '../../test/context.ts';

/** Factories over the API itself, so a test reads as a school would use it. */
export function schoolFactory(ctx: TestContext) {
  let n = 0;
  const ok = async <T = Record<string, unknown>>(
    session: Session,
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    body: unknown,
  ): Promise<T> => {
    const res = await ctx.call(session, method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
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

  const grade = async (s: Session, unitId: number, level: number) =>
    ok<{ id: number }>(s, 'POST', '/api/v1/grades', { unitId, level, name: `Kelas ${level}` });

  const classGroup = async (s: Session, academicYearId: number, gradeId: number, name: string) =>
    ok<{ id: number; name: string }>(s, 'POST', '/api/v1/classes', { academicYearId, gradeId, name });

  const subject = async (s: Session, unitId: number, code: string, name = code) =>
    ok<{ id: number }>(s, 'POST', '/api/v1/subjects', { unitId, code, name });

  let nis = 1000;
  const student = async (s: Session, unitId: number, extra: Record<string, unknown> = {}) =>
    ok<{ id: number; nis: string; name: string }>(s, 'POST', '/api/v1/students', {
      unitId,
      nis: `NS${nis++}`,
      name: `Siswa ${nis}`,
      ...extra,
    });

  return { ok, setup, grade, classGroup, subject, student };
}
