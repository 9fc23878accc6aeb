import { eq } from 'drizzle-orm';
import { APPLICANT_COOKIE, type ApplicantState } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { academicYears, admissionWaves, applicants, grades, units } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createApplicantSession } from './applicant-session.ts';

// Test-only: a wave of the fixture unit and applicants in chosen states, by direct inserts, for the admission
// and the selection-test suites. Dates are the tests' own, never the host's.

export const FIXTURE_PIN = '246813';

export async function admissionFixture(db: Database, { unitCode = 'SMP' }: { unitCode?: string } = {}) {
  const [unit] = await db.select().from(units).where(eq(units.code, unitCode));
  if (!unit) throw new Error(`no unit ${unitCode}`);
  const [year] = await db
    .insert(academicYears)
    .values({ name: `2027/2028-${unitCode}-${Date.now() % 100000}`, startDate: '2027-07-12', endDate: '2028-06-30' })
    .returning();
  const [grade] = await db.insert(grades).values({ unitId: unit.id, level: 7, name: 'Kelas 7 (SPMB)' }).returning();
  const [wave] = await db
    .insert(admissionWaves)
    .values({
      unitId: unit.id,
      academicYearId: year!.id,
      gradeId: grade!.id,
      name: 'Gelombang 1',
      opensOn: '2027-01-04',
      closesOn: '2027-03-31',
      quota: 2,
      registrationFee: 250_000,
      entryFee: 5_000_000,
      testOpensAt: new Date('2027-04-05T07:00:00+07:00'),
      testClosesAt: new Date('2027-04-05T12:00:00+07:00'),
      testDurationMinutes: 60,
      testQuestionCount: 5,
    })
    .returning();
  const pinHash = await hashPassword(FIXTURE_PIN);
  let n = 0;
  const applicant = async (state: ApplicantState, name = `Calon ${n + 1}`) => {
    n += 1;
    const [row] = await db
      .insert(applicants)
      .values({
        waveId: wave!.id,
        unitId: unit.id,
        regNo: `SPMB/${unit.code}/2027/${String(n).padStart(4, '0')}`,
        pinHash,
        state,
        name,
        registeredAt: state === 'DRAFT' ? null : new Date(`2027-01-${String(4 + n).padStart(2, '0')}T09:00:00+07:00`),
      })
      .returning();
    return row!;
  };
  return { unit, year: year!, grade: grade!, wave: wave!, applicant };
}

/** The headers an applicant's browser sends after signing in. */
export async function applicantHeaders(db: Database, applicantId: number) {
  const { sessionId, csrfToken } = await db.transaction((tx) => createApplicantSession(tx, applicantId));
  return { cookie: `${APPLICANT_COOKIE}=${sessionId}`, 'x-csrf-token': csrfToken };
}
