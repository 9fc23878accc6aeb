import { beforeAll, describe } from 'vitest';
import { admissionWaves, applicants } from '../../db/schema/index.ts';
import { NONE, matrixTables, ok, useMatrixFixture, type ExpectedTables } from '../access/test-fixtures.ts';

/**
 * The row-access matrix of the applicant kind (issue 38, part 1; the selection test's staff routes), on the fixture
 * of access/test-fixtures.ts. An applicant has no class: the rows are an applicant of an SMP wave, one of another SMP
 * wave in the middle, and one of an SD wave (the other unit).
 */
const EXPECTED: ExpectedTables = {
  applicant: {
    // the admission committee (admission.manage: PRINCIPAL, WAKAKUR, TU, ADMIN) their unit's; ADMIN every unit's;
    // a token's scopes hold no admission permission
    read: { ...NONE, PRINCIPAL: [ok, ok, 403], WAKAKUR: [ok, ok, 403], TU: [ok, ok, 403], ADMIN: [ok, ok, ok] },
    // the decision (admission.decide: PRINCIPAL, ADMIN)
    decide: { ...NONE, PRINCIPAL: [ok, ok, 403], ADMIN: [ok, ok, ok] },
  },
};

const fx = useMatrixFixture();
let rows: readonly [number, number, number];

beforeAll(async () => {
  const wave = async (unitId: number, gradeId: number, name: string) =>
    (
      await fx.ctx.db
        .insert(admissionWaves)
        .values({
          unitId,
          academicYearId: fx.yearId,
          gradeId,
          name,
          opensOn: '2030-01-06',
          closesOn: '2030-03-31',
          quota: 10,
        })
        .returning({ id: admissionWaves.id })
    )[0]!.id;
  const waves = [
    { waveId: await wave(fx.smp, fx.grade7, 'Gelombang 1'), unitId: fx.smp, regNo: 'M/SMP/1' },
    { waveId: await wave(fx.smp, fx.grade7, 'Gelombang 2'), unitId: fx.smp, regNo: 'M/SMP/2' },
    { waveId: await wave(fx.sd, fx.grade1, 'Gelombang SD'), unitId: fx.sd, regNo: 'M/SD/1' },
  ];
  const made = await fx.ctx.db
    .insert(applicants)
    .values(waves.map((w, i) => ({ ...w, pinHash: 'x', name: `Calon ${i + 1}`, state: 'VERIFIED' as const })))
    .returning({ id: applicants.id });
  rows = [made[0]!.id, made[1]!.id, made[2]!.id];
});

describe('the row-access matrix of the applicant kind: every action x every division x own wave, another wave, other unit', () => {
  matrixTables(fx, EXPECTED, () => rows);
});
