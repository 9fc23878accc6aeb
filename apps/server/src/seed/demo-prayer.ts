import { and, asc, eq, isNull } from 'drizzle-orm';
import { addDays, PRAYERS, type PrayerStatus, type UdzurReason } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import { enrollments, prayerRecords, prayerRules, students } from '../db/schema/index.ts';
import { schoolDays } from '../modules/school/calendar.service.ts';
import { applyPrayerThreshold } from '../modules/prayer/prayer.penalty.ts';

/**
 * The prayer demo (issue 16): both units' threshold rule (more than 4 absences in a month add 5 points), and in
 * SMP 7A dzuhur and ashar for every school day from the start of last month up to today: mostly in
 * congregation, some late or excused, and one student absent on five school days of last month (of this month when last month had fewer) (points added through
 * the discipline ledger, as a save would). Today's ashar is left for the demo user to record.
 */
export async function seedDemoPrayer(
  tx: Transaction,
  v: { unitIds: number[]; smpUnitId: number; classGroupId: number; today: string; recorderUserId: number },
) {
  for (const unitId of v.unitIds) await tx.insert(prayerRules).values({ unitId, threshold: 4, points: 5 });
  const members = await tx
    .select({ id: students.id, gender: students.gender })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(eq(enrollments.classGroupId, v.classGroupId), isNull(enrollments.endedAt)))
    .orderBy(asc(students.id));
  if (members.length < 3) return;
  const lastMonth = addDays(`${v.today.slice(0, 7)}-01`, -1).slice(0, 7);
  const days = await schoolDays(tx, v.smpUnitId, `${lastMonth}-01`, v.today);
  const absent = members[2]!.id;
  // five absences in one month: last month's first school days, or this month's when last month had too few
  const absenceMonth = [lastMonth, v.today.slice(0, 7)].find((m) => days.filter((d) => d.startsWith(m)).length >= 5);
  const absentDays = new Set(absenceMonth ? days.filter((d) => d.startsWith(absenceMonth)).slice(0, 5) : []);
  const rows: (typeof prayerRecords.$inferInsert)[] = [];
  days.forEach((date, d) => {
    for (const prayer of PRAYERS) {
      if (date === v.today && prayer === 'ASHAR') continue;
      members.forEach((m, i) => {
        let status: PrayerStatus = 'BERJAMAAH';
        let reason: UdzurReason | null = null;
        if (m.id === absent && absentDays.has(date)) status = 'TIDAK_SALAT';
        else if ((i * 7 + d * 3) % 17 === 0) status = 'TERLAMBAT';
        else if ((i * 5 + d) % 23 === 0) [status, reason] = ['UDZUR', m.gender === 'P' ? 'HAID' : 'SAKIT'];
        else if ((i + d * 11) % 29 === 0) status = 'TIDAK_SALAT';
        rows.push({
          unitId: v.smpUnitId,
          studentId: m.id,
          classGroupId: v.classGroupId,
          date,
          prayer,
          status,
          reason,
          recordedByUserId: v.recorderUserId,
          recordedAt: new Date(`${date}T${prayer === 'DZUHUR' ? '12:30' : '15:40'}:00+07:00`),
        });
      });
    }
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(prayerRecords).values(rows.slice(i, i + 500));
  const lastAbsence = [...absentDays].at(-1);
  if (lastAbsence) {
    await applyPrayerThreshold(tx, {
      unitId: v.smpUnitId,
      studentId: absent,
      date: lastAbsence,
      userId: v.recorderUserId,
    });
  }
}
