import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@mms/shared';
import { createTestContext, type Session, type TestContext } from '../test/context.ts';
import { schoolFactory } from '../modules/school/test-factory.ts';

/** Error answers speak the language of `Accept-Language`; Indonesian stays the default. */
let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
});
afterAll(() => ctx.close());

const call = (session: Session, method: 'POST' | 'GET', url: string, body: unknown, language?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      cookie: session.cookie,
      [CSRF_HEADER]: session.csrfToken,
      ...(language ? { 'accept-language': language } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });

describe('error answers in the language of the request', () => {
  it('renders contract field messages and labels in English, Indonesian by default', async () => {
    const { wakakur, unitId } = await f.setup();
    const body = { unitId, nis: '', name: '', nisn: '12' };
    const en = await call(wakakur, 'POST', '/api/v1/students', body, 'en-GB,en;q=0.9');
    expect(en.statusCode).toBe(400);
    expect(en.json().error.message).toBe('The data sent is not valid');
    expect(en.json().error.fields).toMatchObject({ nisn: 'NISN must be 10 digits', name: 'Name is required' });
    const id = await call(wakakur, 'POST', '/api/v1/students', body);
    expect(id.json().error.message).toBe('Data yang dikirim tidak valid');
    expect(id.json().error.fields).toMatchObject({ nisn: 'NISN harus 10 angka' });
    const idFirst = await call(wakakur, 'POST', '/api/v1/students', body, 'id-ID,id;q=0.9,en;q=0.8');
    expect(idFirst.json().error.fields.nisn).toBe('NISN harus 10 angka');
  });

  it('renders a service conflict with the names it carries and no internal id', async () => {
    const { wakakur, unitId } = await f.setup();
    const first = await f.student(wakakur, unitId, {});
    const dup = await call(wakakur, 'POST', '/api/v1/students', { unitId, nis: first.nis, name: 'Lain' }, 'en');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({
      code: 'CONFLICT',
      message: `NIS ${first.nis} is already used by ${first.name}`,
      fields: { nis: 'Already in use' },
    });
  });

  it('gives generic zod issues in words, not zod text', async () => {
    const { wakakur } = await f.setup();
    const res = await call(wakakur, 'POST', '/api/v1/classes', { academicYearId: 1, gradeId: 1, name: 5 }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe('Must be text');
    const idRes = await call(wakakur, 'POST', '/api/v1/classes', { academicYearId: 1, gradeId: 1, name: 5 });
    expect(idRes.json().error.fields.name).toBe('Harus berupa teks');
  });

  it('answers an unknown address in English too', async () => {
    const { wakakur } = await f.setup();
    const res = await call(wakakur, 'GET', '/api/v1/no-such-thing', undefined, 'en');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Address not found');
  });
});
