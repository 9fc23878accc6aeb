import { addDays, jakartaDate } from '@mms/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bills,
  studentDiscounts,
  paymentComponents,
  leaveRequests,
  outboxMessages,
  sanctions,
  staffAttendance,
  violations,
} from '../db/schema/index.ts';
import { attendanceFixture } from '../modules/attendance/test-fixtures.ts';
import { createTestContext, type Session, type TestContext } from '../test/context.ts';
import { clock, setClock } from './clock.ts';

/**
 * The times business SQL writes come from MMS's clock, not the database's: with the clock set years
 * away from the host's, each row's stamp lies between the set instant and the clock's reading after the
 * request. The instant is early morning in Jakarta, so the UTC date is the day before.
 */
const FAR = '2031-03-04T05:42:00+07:00';
const FAR_DAY = '2031-03-04';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let cashier: Session;

/** Sets the clock to FAR, runs `act`, and returns the window the stamps must fall in. */
async function atFar<T>(act: () => Promise<T>) {
  setClock(FAR);
  const from = clock.now().getTime();
  const result = await act();
  return { result, from, to: clock.now().getTime() };
}

const expectStamp = (stamp: Date | null | undefined, w: { from: number; to: number }) => {
  expect(stamp).toBeInstanceOf(Date);
  expect(stamp!.getTime()).toBeGreaterThanOrEqual(w.from);
  expect(stamp!.getTime()).toBeLessThanOrEqual(w.to);
  expect(jakartaDate(stamp!)).toBe(FAR_DAY);
};

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx, { now: FAR });
  cashier = await ctx.as('TEACHERCASHIER');
});
afterAll(() => {
  setClock(process.env.MMS_NOW ?? null);
  return ctx.close();
});

const ok = async <T = Record<string, unknown>>(res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('business times in SQL follow the clock', () => {
  it('stamps a fee component, a scholarship approval, a bill and its cancellation at the clock', async () => {
    const made = await atFar(() =>
      ctx
        .call(cashier, 'POST', '/api/v1/finance/components', {
          code: 'SPP',
          name: 'SPP',
          frequency: 'MONTHLY',
          defaultAmount: 350000,
        })
        .then((r) => ok<{ id: number }>(r)),
    );
    const [component] = await ctx.db.select().from(paymentComponents).where(eq(paymentComponents.id, made.result.id));
    expectStamp(component!.createdAt, made);
    expectStamp(component!.updatedAt, made);

    const studentId = f.studentsA[0]!.id;
    const discount = await ok<{ id: number }>(
      await ctx.call(cashier, 'POST', '/api/v1/finance/discounts', {
        studentId,
        componentId: made.result.id,
        kind: 'YATIM',
        percent: 50,
        reason: 'Surat keterangan desa',
      }),
    );
    const approved = await atFar(async () =>
      ok(await ctx.call(cashier, 'POST', `/api/v1/finance/discounts/${discount.id}/approve`)),
    );
    const [d] = await ctx.db.select().from(studentDiscounts).where(eq(studentDiscounts.id, discount.id));
    expectStamp(d!.approvedAt, approved);
    expectStamp(d!.updatedAt, approved);
    const [log] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'finance.discount.approve'));
    expectStamp(log!.at, approved);

    const generated = await atFar(async () =>
      ok(
        await ctx.call(cashier, 'POST', '/api/v1/finance/bills/generate', {
          componentId: made.result.id,
          classGroupId: f.classA.id,
          fromMonth: '2031-03',
          toMonth: '2031-03',
        }),
      ),
    );
    const [bill] = await ctx.db.select().from(bills).where(eq(bills.studentId, studentId));
    expectStamp(bill!.createdAt, generated);
    expect(bill!.dueDate).toBe('2031-03-10');

    const cancelled = await atFar(async () =>
      ok(await ctx.call(cashier, 'POST', `/api/v1/finance/bills/${bill!.id}/cancel`, { reason: 'Salah input' })),
    );
    const [after] = await ctx.db.select().from(bills).where(eq(bills.id, bill!.id));
    expectStamp(after!.cancelledAt, cancelled);
    expectStamp(after!.updatedAt, cancelled);
    expect(after!.createdAt).toEqual(bill!.createdAt);
  });

  it('stamps a leave request, its decision and the staff days it sets at the clock', async () => {
    const start = addDays(FAR_DAY, 7);
    const filed = await atFar(async () =>
      ok<{ id: number }>(
        await ctx.call(f.otherTeacher, 'POST', '/api/v1/leave-requests', {
          startDate: start,
          endDate: start,
          kind: 'IZIN',
          reason: 'Pelatihan',
        }),
      ),
    );
    const [filedRow] = await ctx.db.select().from(leaveRequests).where(eq(leaveRequests.id, filed.result.id));
    expectStamp(filedRow!.createdAt, filed);

    const decided = await atFar(async () =>
      ok(
        await ctx.call(await ctx.as('ADMIN'), 'POST', `/api/v1/leave-requests/${filed.result.id}/decision`, {
          decision: 'approved',
        }),
      ),
    );
    const [row] = await ctx.db.select().from(leaveRequests).where(eq(leaveRequests.id, filed.result.id));
    expectStamp(row!.decidedAt, decided);
    expectStamp(row!.updatedAt, decided);
    expect(row!.createdAt).toEqual(filedRow!.createdAt);
    const staffDays = await ctx.db
      .select()
      .from(staffAttendance)
      .where(eq(staffAttendance.leaveRequestId, filed.result.id));
    expect(staffDays.map((s) => s.date)).toEqual([start]);
    for (const s of staffDays) expectStamp(s.createdAt, decided);
  });

  it('stamps a violation, the sanction it proposes, its confirmation and the letter at the clock', async () => {
    const D = '/api/v1/discipline';
    const bpbk = await ctx.as('BPBK');
    const rule = await ok<{ id: number }>(
      await ctx.call(bpbk, 'POST', `${D}/rules`, { code: 'B01', name: 'Berkelahi', category: 'BERAT', points: 100 }),
    );
    await ok(
      await ctx.call(await ctx.as('PRINCIPAL'), 'POST', `${D}/thresholds`, {
        points: 50,
        kind: 'SP1',
        title: 'Surat peringatan 1',
      }),
    );
    const studentId = f.studentsA[2]!.id;
    const reported = await atFar(async () =>
      ok<{ id: number }>(
        await ctx.call(f.otherTeacher, 'POST', `${D}/violations`, {
          studentId,
          ruleId: rule.id,
          occurredOn: FAR_DAY,
          occurredTime: '05:15',
          place: 'Asrama',
        }),
      ),
    );
    const [violation] = await ctx.db.select().from(violations).where(eq(violations.id, reported.result.id));
    expectStamp(violation!.createdAt, reported);
    const verified = await atFar(async () =>
      ok<{ proposedSanctionIds: number[] }>(
        await ctx.call(bpbk, 'POST', `${D}/violations/${reported.result.id}/verify`),
      ),
    );
    expect(verified.result.proposedSanctionIds).toHaveLength(1);
    const sanctionId = verified.result.proposedSanctionIds[0]!;
    const [proposed] = await ctx.db.select().from(sanctions).where(eq(sanctions.id, sanctionId));
    expectStamp(proposed!.createdAt, verified);

    const confirmed = await atFar(async () =>
      ok(
        await ctx.call(bpbk, 'POST', `${D}/sanctions/${sanctionId}/confirm`, {
          startDate: FAR_DAY,
          endDate: addDays(FAR_DAY, 1),
          supervisorEmployeeId: f.homeroomA.user.employeeId,
        }),
      ),
    );
    const [sanction] = await ctx.db.select().from(sanctions).where(eq(sanctions.id, sanctionId));
    expect(sanction).toMatchObject({ status: 'CONFIRMED', startDate: FAR_DAY });
    expectStamp(sanction!.updatedAt, confirmed);
    expect(sanction!.createdAt).toEqual(proposed!.createdAt);
    const letters = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.topic, 'discipline.letter'));
    expect(letters.length).toBeGreaterThan(0);
    for (const m of letters) {
      expectStamp(m.createdAt, confirmed);
      expectStamp(m.nextAttemptAt, confirmed);
    }
  });
});
