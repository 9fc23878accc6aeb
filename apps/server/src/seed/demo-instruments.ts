import { and, asc, eq } from 'drizzle-orm';
import { INSTRUMENT_KINDS, scoreProfile, startOfJakartaDay, addDays } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import {
  counsellingInstrumentAnswers,
  counsellingInstrumentAttempts,
  counsellingInstrumentItems,
  counsellingInstrumentWindows,
  counsellingInstruments,
  enrollments,
  students,
  users,
} from '../db/schema/index.ts';
import { writeDefinition } from '../modules/instruments/instruments.service.ts';
import { SHIPPED } from '../modules/instruments/shipped-items-template.ts';

/**
 * The six counselling instruments of every demo unit with the items MMS ships, a window of interest exploration
 * and of job interest for SMP 7A open the whole school year (so the demo works on any day of it), and the results
 * of the first few 7A students, for the class summary. Every other 7A student still has it to do.
 */
export async function seedDemoInstruments(
  tx: Transaction,
  v: {
    unitIds: number[];
    smpUnitId: number;
    classGroupId: number;
    academicYearId: number;
    year: { startDate: string; endDate: string };
  },
) {
  const ids = new Map<string, number>();
  for (const unitId of v.unitIds) {
    for (const kind of INSTRUMENT_KINDS) {
      const { meta, definition } = SHIPPED[kind];
      const [row] = await tx
        .insert(counsellingInstruments)
        .values({ unitId, kind, ...meta })
        .returning({ id: counsellingInstruments.id });
      await writeDefinition(tx, row!.id, definition, null);
      if (unitId === v.smpUnitId) ids.set(kind, row!.id);
    }
  }
  const windowOf = async (kind: string) => {
    const [w] = await tx
      .insert(counsellingInstrumentWindows)
      .values({
        instrumentId: ids.get(kind)!,
        academicYearId: v.academicYearId,
        opensOn: v.year.startDate,
        closesOn: v.year.endDate,
        classGroupIds: [v.classGroupId],
      })
      .returning({ id: counsellingInstrumentWindows.id });
    return w!.id;
  };
  const interestWindow = await windowOf('interest-exploration');
  await windowOf('job-interest');

  // the first five classmates of 7A by NIS answered interest exploration
  const done = await tx
    .select({ id: students.id })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    // the classmates sign in with their NIS; the demo student's own account ("student") still has it to do
    .innerJoin(users, and(eq(users.id, students.userId), eq(users.username, students.nis)))
    .where(eq(enrollments.classGroupId, v.classGroupId))
    .orderBy(asc(students.nis))
    .limit(5);
  const { definition } = SHIPPED['interest-exploration'];
  const items = await tx
    .select()
    .from(counsellingInstrumentItems)
    .where(eq(counsellingInstrumentItems.instrumentId, ids.get('interest-exploration')!))
    .orderBy(asc(counsellingInstrumentItems.number));
  const submittedAt = startOfJakartaDay(addDays(v.year.startDate, 30));
  for (const [n, student] of done.entries()) {
    // a different strong type for each student: 5 for their type, 3 or 2 for the rest
    const answers = items.map((item, i) => ({ itemId: item.id, value: i % 6 === n ? 5 : (i + n) % 2 ? 3 : 2 }));
    const profile = scoreProfile(definition.scales, items, new Map(answers.map((a) => [a.itemId, a.value])));
    const [attempt] = await tx
      .insert(counsellingInstrumentAttempts)
      .values({
        windowId: interestWindow,
        studentId: student.id,
        academicYearId: v.academicYearId,
        classGroupId: v.classGroupId,
        instrumentVersion: 1,
        status: 'SUBMITTED',
        startedAt: submittedAt,
        submittedAt,
        profile,
      })
      .returning({ id: counsellingInstrumentAttempts.id });
    await tx
      .insert(counsellingInstrumentAnswers)
      .values(answers.map((a) => ({ ...a, attemptId: attempt!.id, savedAt: submittedAt })));
  }
}
