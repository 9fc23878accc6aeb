import { and, eq, inArray } from 'drizzle-orm';
import { monthOf, semesterInYear, weekdayOf, type AuthUser } from '@mms/shared';
import type { Database, Transaction } from '../db/client.ts';
import {
  academicYears,
  bisyarohLoans,
  bisyarohRates,
  classJournals,
  employees,
  staffAttendance,
  timetableSlots,
} from '../db/schema/index.ts';
import type { AuditActor } from '../lib/audit.ts';
import { createBisyarohService } from '../modules/bisyaroh/bisyaroh.service.ts';
import { schoolDays } from '../modules/school/calendar.service.ts';

/** Rates per position (jabatan) of the demo: integer rupiah. */
const DEMO_RATES = [
  { position: 'Guru', perJp: 25_000, perDay: 15_000, onTimePerDay: 5_000, transportPerDay: 10_000, allowances: [] },
  {
    position: 'Guru Bendahara',
    perJp: 25_000,
    perDay: 15_000,
    onTimePerDay: 5_000,
    transportPerDay: 10_000,
    allowances: [{ name: 'Tunjangan bendahara', amount: 300_000 }],
  },
  {
    position: 'Kepala Sekolah',
    perJp: 30_000,
    perDay: 25_000,
    onTimePerDay: 5_000,
    transportPerDay: 15_000,
    allowances: [{ name: 'Tunjangan jabatan kepala sekolah', amount: 1_000_000 }],
  },
  {
    position: 'Wakil Kepala Kurikulum',
    perJp: 25_000,
    perDay: 20_000,
    onTimePerDay: 5_000,
    transportPerDay: 12_500,
    allowances: [{ name: 'Tunjangan jabatan wakasek', amount: 500_000 }],
  },
  {
    position: 'Bimbingan Konseling',
    perJp: 0,
    perDay: 40_000,
    onTimePerDay: 5_000,
    transportPerDay: 10_000,
    allowances: [],
  },
  { position: 'Tata Usaha', perJp: 0, perDay: 50_000, onTimePerDay: 5_000, transportPerDay: 10_000, allowances: [] },
];

const prevMonthOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/**
 * Bisyaroh demo for SMP: rates per position valid from the previous month, a loan of the administrative staff, the
 * staff attendance of the previous and the current month (to yesterday) and the demo teacher's journals of the
 * previous month; the previous month computed and locked, the current one computed and open.
 */
export async function seedDemoBisyaroh(
  tx: Transaction,
  input: { smpUnitId: number; today: string; adminUserId: number; teacherEmployeeId: number; tuEmployeeId: number },
) {
  const unitId = input.smpUnitId;
  const current = input.today.slice(0, 7);
  const previous = prevMonthOf(current);
  await tx
    .insert(bisyarohRates)
    .values(DEMO_RATES.map((r) => ({ ...r, unitId, validFrom: previous, absencePerDay: 50_000 })));
  await tx.insert(bisyarohLoans).values({
    unitId,
    employeeId: input.tuEmployeeId,
    name: 'Pinjaman koperasi',
    principal: 1_500_000,
    instalment: 250_000,
    startMonth: previous,
  });

  const staff = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.unitId, unitId),
        inArray(
          employees.position,
          DEMO_RATES.map((r) => r.position),
        ),
      ),
    );
  const from = monthOf(previous).from;
  const days = (await schoolDays(tx, unitId, from, input.today)).filter((d) => d < input.today);
  const attendance = staff.flatMap((e, i) =>
    days.map((date, k) => {
      // every 9th day late by 10 minutes, one ALPA of the demo teacher, a day missing now and then
      const alpa = e.id === input.teacherEmployeeId && k === 3;
      return {
        employeeId: e.id,
        unitId,
        date,
        status: alpa ? ('ALPA' as const) : ('HADIR' as const),
        lateMinutes: !alpa && (k + i) % 9 === 0 ? 10 : 0,
        keep: (k + i) % 13 !== 5,
      };
    }),
  );
  const rows = attendance.filter((a) => a.keep).map(({ keep: _keep, ...a }) => a);
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(staffAttendance).values(rows.slice(i, i + 1000));

  // the demo teacher's journals of the previous month: every lesson but every fifth (left for approval)
  const slots = await tx
    .select({
      id: timetableSlots.id,
      classGroupId: timetableSlots.classGroupId,
      day: timetableSlots.day,
      semester: timetableSlots.semester,
      startDate: academicYears.startDate,
      endDate: academicYears.endDate,
    })
    .from(timetableSlots)
    .innerJoin(academicYears, eq(academicYears.id, timetableSlots.academicYearId))
    .where(eq(timetableSlots.employeeId, input.teacherEmployeeId));
  const journals = days
    .filter((d) => d < monthOf(current).from)
    .flatMap((date) =>
      slots
        .filter((s) => s.day === weekdayOf(date) && semesterInYear(date, s) === s.semester)
        .map((s) => ({ timetableSlotId: s.id, classGroupId: s.classGroupId, date, topic: 'Pembahasan materi' })),
    )
    .filter((_, i) => i % 5 !== 4);
  if (journals.length > 0) await tx.insert(classJournals).values(journals);

  const admin = { id: input.adminUserId, division: 'ADMIN', unit: null } as AuthUser;
  const actor: AuditActor = { userId: input.adminUserId, username: 'seed', ip: null, requestId: null };
  const svc = createBisyarohService(tx as unknown as Database);
  const prev = await svc.compute(admin, { unitId, month: previous }, actor);
  await svc.lock(admin, prev.id, actor);
  await svc.compute(admin, { unitId, month: current }, actor);
}
