import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { DEMO_PASSWORD, seedDemoIfFirstStart } from './demo.ts';
import { DEMO_APPLICANT_PIN } from './demo-selection.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { empty: true, now: '2026-11-18T10:00:00+07:00' });
  expect(await seedDemoIfFirstStart(ctx.db)).toBe(true);
}, 60_000);
afterAll(() => ctx.close());

describe('selection-test demo', () => {
  it('gives each unit a bank of the three topics and a verified applicant whose test is open', async () => {
    const principal = await ctx.signIn('principal', DEMO_PASSWORD);
    const bank = (await ctx.call(principal, 'GET', '/api/v1/admission/selection/questions/tags')).json();
    expect(bank.items.map((t: { tag: string }) => t.tag)).toEqual([
      'Bahasa Indonesia',
      'Matematika',
      'Pendidikan Agama Islam',
    ]);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admission/public/sign-in',
      payload: { regNo: 'SPMB/SMP/2027/9001', pin: DEMO_APPLICANT_PIN },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name === 'mms_applicant')!;
    const paper = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admission/public/test',
      cookies: { mms_applicant: cookie.value },
    });
    expect(paper.json()).toMatchObject({ stage: 'READY', questionCount: 10 });
  });
});
