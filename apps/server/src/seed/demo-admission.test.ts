import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { DEMO_APPLICANT_PIN } from './demo-admission.ts';
import { DEMO_PASSWORD, seedDemoIfFirstStart } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { empty: true, now: '2026-11-18T10:00:00+07:00' });
  expect(await seedDemoIfFirstStart(ctx.db)).toBe(true);
}, 60_000);
afterAll(() => ctx.close());

describe('admission demo', () => {
  it('opens SMP’s wave for next year around today, with applicants in several states that can sign in', async () => {
    const open = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admission/public/waves' })).json();
    expect(open.items).toMatchObject([{ unitName: expect.stringContaining('SMP'), academicYearName: '2027/2028' }]);
    const tu = await ctx.signIn('tu', DEMO_PASSWORD);
    // the open wave's applicants (the selection-test demo adds its own wave and applicant: demo-selection.ts)
    const list = (
      await ctx.call(tu, 'GET', `/api/v1/admission/applicants?pageSize=50&waveId=${open.items[0].id}`)
    ).json();
    expect(list.total).toBe(6);
    expect(new Set(list.items.map((a: { state: string }) => a.state))).toEqual(
      new Set(['REGISTERED', 'VERIFIED', 'WITHDRAWN', 'DRAFT']),
    );
    const first = list.items[0] as { regNo: string };
    expect(first.regNo).toBe('SPMB/SMP/2027/0001');
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admission/public/sign-in',
      payload: { regNo: first.regNo, pin: DEMO_APPLICANT_PIN },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
