import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPLICANT_COOKIE } from '@mms/shared';
import { applicantSignInFailures } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { clock, setClock } from '../../lib/clock.ts';
import { admissionFixture, FIXTURE_PIN } from './test-fixtures.ts';

/** Wrong PINs count per applicant from every address: 5 lock the sign-in for 15 minutes (issue 38, part 7). */
let ctx: TestContext;
let f: Awaited<ReturnType<typeof admissionFixture>>;
const P = '/api/v1/admission/public';

beforeAll(async () => {
  ctx = await createTestContext();
  f = await admissionFixture(ctx.db);
});
afterEach(() => setClock(ctx.config.MMS_NOW ?? null));
afterAll(() => ctx.close());

const signIn = (regNo: string, pin: string, address: string) =>
  ctx.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { regNo, pin }, remoteAddress: address });
const at = (minutes: number) => setClock(new Date(clock.now().getTime() + minutes * 60_000));

describe('wrong PINs per applicant', () => {
  it('5 wrong PINs from 5 addresses lock the applicant: the right PIN is refused from a new address until 15 minutes pass', async () => {
    const a = await f.applicant('REGISTERED');
    for (let i = 1; i <= 5; i++) {
      const res = await signIn(a.regNo, '000000', `10.1.0.${i}`);
      expect(res.statusCode, `wrong PIN ${i}`).toBe(401);
    }
    const locked = await signIn(a.regNo, FIXTURE_PIN, '10.1.0.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam 15 menit.' },
    });
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.cookies.find((c) => c.name === APPLICANT_COOKIE)).toBeUndefined();
    at(14);
    expect((await signIn(a.regNo, FIXTURE_PIN, '10.1.0.1')).statusCode).toBe(429);
    at(1.5);
    const open = await signIn(a.regNo, FIXTURE_PIN, '10.1.0.100');
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().applicant.id).toBe(a.id);
    expect(
      await ctx.db.select().from(applicantSignInFailures).where(eq(applicantSignInFailures.applicantId, a.id)),
    ).toEqual([]);
  });

  it('4 wrong PINs do not lock; the right one signs in and ends the run', async () => {
    const a = await f.applicant('REGISTERED');
    for (let i = 1; i <= 4; i++) expect((await signIn(a.regNo, '111111', `10.2.0.${i}`)).statusCode).toBe(401);
    expect((await signIn(a.regNo, FIXTURE_PIN, '10.2.0.9')).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) expect((await signIn(a.regNo, '111111', `10.2.1.${i}`)).statusCode).toBe(401);
    expect((await signIn(a.regNo, FIXTURE_PIN, '10.2.1.9')).statusCode).toBe(200);
  });

  it('wrong PINs more than 15 minutes apart start a new run', async () => {
    const a = await f.applicant('REGISTERED');
    for (let i = 1; i <= 4; i++) expect((await signIn(a.regNo, '222222', `10.3.0.${i}`)).statusCode).toBe(401);
    at(16);
    expect((await signIn(a.regNo, '222222', '10.3.0.5')).statusCode).toBe(401);
    expect((await signIn(a.regNo, FIXTURE_PIN, '10.3.0.6')).statusCode).toBe(200);
  });

  it('a lock is of that applicant only', async () => {
    const a = await f.applicant('REGISTERED');
    const b = await f.applicant('REGISTERED');
    for (let i = 1; i <= 5; i++) await signIn(a.regNo, '333333', `10.4.0.${i}`);
    expect((await signIn(a.regNo, FIXTURE_PIN, '10.4.0.9')).statusCode).toBe(429);
    expect((await signIn(b.regNo, FIXTURE_PIN, '10.4.0.9')).statusCode).toBe(200);
  });

  it('parallel wrong PINs cannot slip past the count', async () => {
    const a = await f.applicant('REGISTERED');
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        signIn(a.regNo, String(400000 + i), `10.5.0.${i + 1}`).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });
});
