import { and, eq, isNull } from 'drizzle-orm';
import { billStatusOf, discountOf, monthsBetween } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import {
  bills,
  classGroups,
  enrollments,
  feeRules,
  grades,
  paymentComponents,
  studentDiscounts,
  students,
} from '../db/schema/index.ts';

/** The components of each unit (whole rupiah), as a small foundation school lists them. */
const COMPONENTS = [
  { code: 'SPP', name: 'SPP', frequency: 'MONTHLY' as const, sd: 250_000, smp: 350_000 },
  { code: 'PANGKAL', name: 'Uang pangkal', frequency: 'ONCE' as const, sd: 4_000_000, smp: 5_000_000 },
  { code: 'DAFTAR-ULANG', name: 'Daftar ulang', frequency: 'YEARLY' as const, sd: 750_000, smp: 1_000_000 },
  { code: 'SERAGAM', name: 'Seragam', frequency: 'ONCE' as const, sd: 600_000, smp: 750_000 },
  { code: 'KITAB', name: 'Kitab', frequency: 'YEARLY' as const, sd: 150_000, smp: 250_000 },
  { code: 'ASRAMA', name: 'Asrama', frequency: 'MONTHLY' as const, sd: 0, smp: 600_000 },
  { code: 'KEGIATAN', name: 'Kegiatan', frequency: 'YEARLY' as const, sd: 200_000, smp: 300_000 },
];

/**
 * Fees and bills of the demo school (issue 15): the components of SD and SMP, SPP by grade and for boarders,
 * approved scholarships of three SMP 7A students, and the SPP bills of SMP 7A from July to the seeded month.
 */
export async function seedDemoFinance(
  tx: Transaction,
  o: {
    units: { id: number; code: string }[];
    smpUnitId: number;
    classGroupId: number;
    academicYearId: number;
    year: { startDate: string; endDate: string };
    today: string;
    approverUserId: number;
  },
) {
  const sppOf = new Map<number, { id: number; defaultAmount: number }>();
  for (const unit of o.units) {
    const smp = unit.id === o.smpUnitId;
    const rows = await tx
      .insert(paymentComponents)
      .values(
        COMPONENTS.map((c) => ({
          unitId: unit.id,
          code: c.code,
          name: c.name,
          frequency: c.frequency,
          defaultAmount: smp ? c.smp : c.sd,
          isActive: smp || c.code !== 'ASRAMA',
        })),
      )
      .returning({
        id: paymentComponents.id,
        code: paymentComponents.code,
        defaultAmount: paymentComponents.defaultAmount,
      });
    const spp = rows.find((r) => r.code === 'SPP')!;
    sppOf.set(unit.id, spp);
    // SPP by grade: the top grade pays more; boarders of SMP pay more still
    const unitGrades = await tx.select().from(grades).where(eq(grades.unitId, unit.id));
    const top = unitGrades.reduce((a, g) => (g.level > a.level ? g : a), unitGrades[0]!);
    if (top)
      await tx.insert(feeRules).values({ componentId: spp.id, gradeId: top.id, amount: spp.defaultAmount + 50_000 });
    if (smp)
      await tx.insert(feeRules).values({ componentId: spp.id, boarding: 'MUKIM', amount: spp.defaultAmount + 100_000 });
  }

  // the students of SMP 7A, three with approved scholarships (the anchors' rules)
  const class7a = await tx
    .select({ id: students.id, boarding: students.boarding, entryDate: students.entryDate })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .where(and(eq(enrollments.classGroupId, o.classGroupId), isNull(enrollments.endedAt)))
    .orderBy(students.id);
  const scholarships = [
    { kind: 'YATIM_PIATU' as const, percent: 100, reason: 'Yatim piatu, surat keterangan kelurahan' },
    { kind: 'TEACHER_CHILD' as const, percent: 50, reason: 'Anak guru SD Al-Amin' },
    { kind: 'LOW_INCOME' as const, percent: 25, reason: 'Kurang mampu, SKTM' },
  ];
  const spp = sppOf.get(o.smpUnitId)!;
  const discountOfStudent = new Map<number, number>();
  for (const [i, s] of scholarships.entries()) {
    const student = class7a[i + 1];
    if (!student) break;
    await tx.insert(studentDiscounts).values({
      studentId: student.id,
      componentId: spp.id,
      kind: s.kind,
      percent: s.percent,
      reason: s.reason,
      createdBy: o.approverUserId,
      approvedBy: o.approverUserId,
      approvedAt: new Date(`${o.year.startDate}T09:00:00+07:00`),
    });
    discountOfStudent.set(student.id, s.percent);
  }

  // SPP of SMP 7A from July to the seeded month (or the year's last month), due on the 10th
  const lastMonth = (o.today < o.year.endDate ? o.today : o.year.endDate).slice(0, 7);
  const months = monthsBetween(o.year.startDate.slice(0, 7), lastMonth);
  const rows = class7a.flatMap((s) => {
    const amount = s.boarding === 'MUKIM' ? spp.defaultAmount + 100_000 : spp.defaultAmount;
    const percent = discountOfStudent.get(s.id);
    const discount = percent === undefined ? 0 : discountOf(amount, [{ percent }]);
    return months.map((period) => ({
      unitId: o.smpUnitId,
      studentId: s.id,
      componentId: spp.id,
      period,
      amount,
      discount,
      dueDate: `${period}-10`,
      status: billStatusOf(amount, discount, 0),
    }));
  });
  if (rows.length) await tx.insert(bills).values(rows).onConflictDoNothing();
  return { bills: rows.length };
}
