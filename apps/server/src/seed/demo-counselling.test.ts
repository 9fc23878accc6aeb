import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { DEMO_PASSWORD, seedDemoIfFirstStart } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { empty: true, now: '2026-11-18T10:00:00+07:00' });
  expect(await seedDemoIfFirstStart(ctx.db)).toBe(true);
}, 60_000);
afterAll(() => ctx.close());

describe('counselling demo', () => {
  it('gives the counsellor notes and tests, the student their shared summary and the homeroom teacher the status', async () => {
    const bpbk = await ctx.signIn('bpbk', DEMO_PASSWORD);
    const notes = (await ctx.call(bpbk, 'GET', '/api/v1/counselling/notes')).json();
    expect(notes.total).toBe(5);
    expect(new Set(notes.items.map((n: { kind: string }) => n.kind)).size).toBe(5);
    expect((await ctx.call(bpbk, 'GET', '/api/v1/counselling/psychotests')).json().total).toBe(3);

    const student = await ctx.signIn('student', DEMO_PASSWORD);
    const mine = (await ctx.call(student, 'GET', '/api/v1/counselling/me/notes')).json();
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0].summary).toMatch(/jadwal belajar/);
    expect((await ctx.call(student, 'GET', '/api/v1/counselling/me/psychotests')).json().items).toHaveLength(2);

    const teacher = await ctx.signIn('teacher', DEMO_PASSWORD);
    const status = await ctx.call(teacher, 'GET', `/api/v1/counselling/status?studentId=${student.user.studentId}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().items).toHaveLength(2);

    const report = (
      await ctx.call(
        await ctx.signIn('principal', DEMO_PASSWORD),
        'GET',
        '/api/v1/counselling/report?fromMonth=2026-07&toMonth=2026-11',
      )
    ).json();
    // the counselling sections (the discipline sections that follow count the discipline demo's own records)
    const totals = Object.fromEntries(
      report.sections.map((s: { key: string; total: number }) => [s.key, s.total] as const),
    );
    expect(totals).toMatchObject({ notes: 5, psychotests: 3 });
    expect(Object.keys(totals)).toEqual(['notes', 'psychotests', 'violations', 'achievements']);
  });
});
