import { beforeAll, describe, expect, it } from 'vitest';
import { questions, teachingAssignments } from '../../db/schema/index.ts';
import { syncReadCache } from '../../lib/read-cache.ts';
import {
  LEADS,
  matrixTables,
  NONE,
  ok,
  useMatrixFixture,
  type Cell,
  type Row,
  type Who,
} from '../access/test-fixtures.ts';
import { assertMayWriteNew } from './assessment.access.ts';

/**
 * The question rule's `change` in the row-access matrix (issue 38, part 1), on the fixture of
 * `access/test-fixtures.ts`, where here TEACHER also teaches IPA in 7X (in the other semester). The rows, all written by TEACHER: IPA of
 * grade 7, IPA of grade 8 (not taught), SD's IPA of grade 1.
 */

// who controls the unit's assessments (TEACHERCASHIER, WAKAKUR, ADMIN) changes the unit's questions; anyone else
// only a question they wrote of a subject they teach in that grade
const own: Row = [ok, 403, 403];
const CHANGE: Record<Who, Row> = { ...NONE, ...LEADS, TU: NONE.TU, TEACHER: own, TEACHER_TOKEN: own };

const fx = useMatrixFixture();
let rows: [number, number, number];

beforeAll(async () => {
  const db = fx.ctx.db;
  const author = fx.signedIn.get('TEACHER')!.employeeId!;
  await db.insert(teachingAssignments).values({
    employeeId: author,
    subjectId: fx.subject,
    classGroupId: fx.classes[0],
    academicYearId: fx.yearId,
    semester: 'GENAP',
    hoursPerWeek: 2,
  });
  const question = async (unitId: number, subjectId: number, gradeId: number) =>
    (
      await db
        .insert(questions)
        .values({ unitId, subjectId, gradeId, authorEmployeeId: author })
        .returning({ id: questions.id })
    )[0]!.id;
  rows = [
    await question(fx.smp, fx.subject, fx.grade7),
    await question(fx.smp, fx.subject, fx.grade8),
    await question(fx.sd, fx.sdSubject, fx.grade1),
  ];
  await syncReadCache(db);
});

describe('the question rule: change x every division x own, other class, other unit', () => {
  matrixTables(fx, { question: { change: CHANGE } }, () => rows);

  // a question not written yet, of the same three pairs, with the actor as its author: the same table
  it('change over a new question (assertMayWriteNew) gives the same table', async () => {
    const pairs = [
      { unitId: fx.smp, subjectId: fx.subject, gradeId: fx.grade7 },
      { unitId: fx.smp, subjectId: fx.subject, gradeId: fx.grade8 },
      { unitId: fx.sd, subjectId: fx.sdSubject, gradeId: fx.grade1 },
    ];
    const got: Record<string, Row> = {};
    for (const [who, actor] of fx.actors) {
      const cells: Cell[] = [];
      for (const pair of pairs) {
        cells.push(
          await assertMayWriteNew(fx.ctx.db, actor, pair).then(
            () => ok,
            (err: { statusCode?: number }) => (err.statusCode === 403 ? 403 : Promise.reject(err)),
          ),
        );
      }
      got[who] = cells as unknown as Row;
    }
    expect(got).toEqual(CHANGE);
  });
});
