import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { APPLICANT_COOKIE } from '@mms/shared';
import { applicantEvents, applicants, auditLog } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { moveApplicant } from './applicant-state.ts';
import { admissionFixture, applicantHeaders, FIXTURE_PIN } from './test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof admissionFixture>>;
const P = '/api/v1/admission/public';
const system = { userId: null, username: null, ip: null, requestId: null };

beforeAll(async () => {
  ctx = await createTestContext();
  f = await admissionFixture(ctx.db);
});
afterAll(() => ctx.close());

const signIn = (regNo: string, pin: string) =>
  ctx.app.inject({ method: 'POST', url: `${P}/sign-in`, payload: { regNo, pin } });

describe('the applicant signs in with the registration number and PIN', () => {
  it('signs in (case forgiven), sets an HttpOnly cookie on the admission path and answers /me', async () => {
    const a = await f.applicant('REGISTERED', 'Ahmad Fauzan');
    const res = await signIn(a.regNo.toLowerCase(), FIXTURE_PIN);
    expect(res.statusCode).toBe(200);
    expect(res.json().applicant).toMatchObject({ id: a.id, name: 'Ahmad Fauzan', state: 'REGISTERED' });
    const cookie = res.cookies.find((c) => c.name === APPLICANT_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe(P);
    const me = await ctx.app.inject({ method: 'GET', url: `${P}/me`, cookies: { [APPLICANT_COOKIE]: cookie.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().applicant.regNo).toBe(a.regNo);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('gives the same 401 for a wrong PIN and an unknown number, and 400 with a clear message for a malformed one', async () => {
    const a = await f.applicant('REGISTERED');
    const wrong = await signIn(a.regNo, '000000');
    const unknown = await signIn('SPMB/SMP/2027/9999', FIXTURE_PIN);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    const bad = await signIn('SPMB/SMP/2027/0001\u0000', '12');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/PIN terdiri dari 6 angka|tidak/);
  });

  it('401 without a session or after sign-out; 403 on a change without the CSRF header', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `${P}/me` })).statusCode).toBe(401);
    const a = await f.applicant('REGISTERED');
    const h = await applicantHeaders(ctx.db, a.id);
    const noCsrf = await ctx.app.inject({ method: 'POST', url: `${P}/sign-out`, headers: { cookie: h.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    const out = await ctx.app.inject({ method: 'POST', url: `${P}/sign-out`, headers: h });
    expect(out.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `${P}/me`, headers: h })).statusCode).toBe(401);
  });

  it('a new sign-in ends the older session of the same applicant, never another applicant’s', async () => {
    const a = await f.applicant('REGISTERED');
    const b = await f.applicant('REGISTERED');
    const first = await applicantHeaders(ctx.db, a.id);
    const other = await applicantHeaders(ctx.db, b.id);
    await applicantHeaders(ctx.db, a.id);
    expect((await ctx.app.inject({ method: 'GET', url: `${P}/me`, headers: first })).statusCode).toBe(401);
    const me = await ctx.app.inject({ method: 'GET', url: `${P}/me`, headers: other });
    expect(me.json().applicant.id).toBe(b.id);
  });

  it('is limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await signIn('SPMB/SMP/2027/9998', '111111')).statusCode);
    expect(statuses).toContain(429);
  });
});

describe('moveApplicant', () => {
  it('moves along the flow with an event and an audit entry, and refuses any other move without writing', async () => {
    const a = await f.applicant('REGISTERED');
    await ctx.db.transaction((tx) => moveApplicant(tx, system, a.id, 'VERIFIED', { note: 'berkas lengkap' }));
    await expect(ctx.db.transaction((tx) => moveApplicant(tx, system, a.id, 'REREGISTERED'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      ctx.db.transaction((tx) => moveApplicant(tx, system, a.id, 'TESTED', { expect: 'REGISTERED' })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const [row] = await ctx.db.select().from(applicants).where(eq(applicants.id, a.id));
    expect(row!.state).toBe('VERIFIED');
    const events = await ctx.db.select().from(applicantEvents).where(eq(applicantEvents.applicantId, a.id));
    expect(events.map((e) => [e.fromState, e.toState, e.note])).toEqual([['REGISTERED', 'VERIFIED', 'berkas lengkap']]);
    const [{ n }] = (
      await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${auditLog} where action = 'admission.applicant.state' and entity_id = ${String(a.id)}`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });

  it('stamps the registration time once, when the draft is sent', async () => {
    const a = await f.applicant('DRAFT');
    await ctx.db.transaction((tx) => moveApplicant(tx, system, a.id, 'REGISTERED'));
    const [row] = await ctx.db.select().from(applicants).where(eq(applicants.id, a.id));
    expect(row!.registeredAt).toBeInstanceOf(Date);
  });
});
