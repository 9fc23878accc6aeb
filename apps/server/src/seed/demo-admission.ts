import { and, eq } from 'drizzle-orm';
import { addDays, type ApplicantState } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import { academicYears, admissionWaves, applicantEvents, applicants, grades, units } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { nextRegistrationNo } from '../modules/admission/admission.repo.ts';

/** The PIN of every demo applicant (docs/admission.md): sign in on /spmb/status with a number and this PIN. */
export const DEMO_APPLICANT_PIN = '135790';

/**
 * The admission demo (issue 17): next year's academic year (created if missing), SMP's "Gelombang 1" for grade 7
 * open from 30 days before the seed's today to 60 days after it, and six applicants in different states
 * registered over the last days (numbers from the counter, as the form gives them).
 */
export async function seedDemoAdmission(tx: Transaction, v: { smpUnitId: number; startYear: number; today: string }) {
  const next = `${v.startYear + 1}/${v.startYear + 2}`;
  let [year] = await tx.select().from(academicYears).where(eq(academicYears.name, next));
  year ??= (
    await tx
      .insert(academicYears)
      .values({ name: next, startDate: `${v.startYear + 1}-07-13`, endDate: `${v.startYear + 2}-06-30` })
      .returning()
  )[0]!;
  const [grade] = await tx
    .select()
    .from(grades)
    .where(and(eq(grades.unitId, v.smpUnitId), eq(grades.level, 7)));
  const [unit] = await tx.select().from(units).where(eq(units.id, v.smpUnitId));
  if (!grade || !unit) return;
  const [wave] = await tx
    .insert(admissionWaves)
    .values({
      unitId: v.smpUnitId,
      academicYearId: year.id,
      gradeId: grade.id,
      name: 'Gelombang 1',
      opensOn: addDays(v.today, -30),
      closesOn: addDays(v.today, 60),
      quota: 96,
      registrationFee: 250_000,
      entryFee: 0,
      testOpensAt: new Date(`${addDays(v.today, 65)}T07:30:00+07:00`),
      testClosesAt: new Date(`${addDays(v.today, 65)}T12:00:00+07:00`),
      testDurationMinutes: 60,
      testQuestionCount: 20,
      announceAt: new Date(`${addDays(v.today, 72)}T09:00:00+07:00`),
    })
    .returning();
  const pinHash = await hashPassword(DEMO_APPLICANT_PIN);
  const people: [string, 'L' | 'P', ApplicantState, number][] = [
    ['Ahmad Fauzan', 'L', 'REGISTERED', 12],
    ['Siti Nurhaliza', 'P', 'VERIFIED', 10],
    ['Muhammad Rizki', 'L', 'REGISTERED', 6],
    ['Nabila Azzahra', 'P', 'REGISTERED', 3],
    ['Fajar Ramadhan', 'L', 'WITHDRAWN', 8],
    ['Khadijah Putri', 'P', 'DRAFT', 1],
  ];
  const entryYear = v.startYear + 1;
  for (const [name, gender, state, daysAgo] of people) {
    const seq = await nextRegistrationNo(tx, v.smpUnitId, entryYear);
    const at = new Date(`${addDays(v.today, -daysAgo)}T09:15:00+07:00`);
    const [row] = await tx
      .insert(applicants)
      .values({
        waveId: wave!.id,
        unitId: v.smpUnitId,
        regNo: `SPMB/${unit.code}/${entryYear}/${String(seq).padStart(4, '0')}`,
        pinHash,
        state,
        name,
        gender,
        birthPlace: 'Bogor',
        birthDate: `${v.startYear - 12}-0${(seq % 9) + 1}-1${seq % 9}`,
        religion: 'Islam',
        address: `Jl. Pahlawan No. ${seq}, Bogor`,
        phone: `0812000000${String(seq).padStart(2, '0')}`,
        boarding: seq % 2 ? 'MUKIM' : 'NON_MUKIM',
        motherName: `Ibu ${name.split(' ')[0]}`,
        previousSchool: 'SD Islam Al-Amin',
        registeredAt: state === 'DRAFT' ? null : at,
        createdAt: at,
      })
      .returning({ id: applicants.id });
    const path: ApplicantState[] =
      state === 'VERIFIED'
        ? ['REGISTERED', 'VERIFIED']
        : state === 'WITHDRAWN'
          ? ['REGISTERED', 'WITHDRAWN']
          : state === 'DRAFT'
            ? []
            : ['REGISTERED'];
    let from: ApplicantState = 'DRAFT';
    for (const [i, to] of path.entries()) {
      await tx.insert(applicantEvents).values({
        applicantId: row!.id,
        at: new Date(at.getTime() + i * 86_400_000),
        fromState: from,
        toState: to,
        note: to === 'WITHDRAWN' ? 'Pindah ke luar kota' : null,
      });
      from = to;
    }
  }
}
