import { beforeAll, describe } from 'vitest';
import {
  assessmentClasses,
  assessments,
  attempts,
  examRooms,
  examSessions,
  examSlots,
} from '../../../db/schema/index.ts';
import { syncReadCache } from '../../../lib/read-cache.ts';
import { LEADS, matrixTables, NONE, ok, useMatrixFixture, type Row, type Who } from '../../access/test-fixtures.ts';

/**
 * The attempt rule in the row-access matrix (issue 38, part 1), on the fixture of `access/test-fixtures.ts`. The
 * exam: IPA of grade 7 for 7X and 7Y (TEACHERCASHIER teaches IPA there; TEACHER proctors 7X's room), and one of SD
 * for 1Z. The rows: the attempts of the STUDENT (7X), of 7Y's student, of 1Z's student.
 */

// who controls the unit's exams (TEACHERCASHIER, WAKAKUR, ADMIN) and the exam's subject teachers every taker; a
// proctor the takers of their room's class; a token without assessment.control only what its employee proctors
const own: Row = [ok, 403, 403];
const CONTROL: Record<Who, Row> = { ...NONE, ...LEADS, TU: NONE.TU, TEACHER: own, TEACHER_TOKEN: own };

const fx = useMatrixFixture();
let rows: [number, number, number];

beforeAll(async () => {
  const db = fx.ctx.db;
  const exam = async (unitId: number, subjectId: number, gradeId: number, classIds: number[]) => {
    const [a] = await db
      .insert(assessments)
      .values({ unitId, kind: 'FORMATIVE', title: 'PTS', subjectId, gradeId })
      .returning({ id: assessments.id });
    await db.insert(assessmentClasses).values(classIds.map((classGroupId) => ({ assessmentId: a!.id, classGroupId })));
    return a!.id;
  };
  const smpExam = await exam(fx.smp, fx.subject, fx.grade7, [fx.classes[0], fx.classes[1]]);
  const sdExam = await exam(fx.sd, fx.sdSubject, fx.grade1, [fx.classes[2]]);
  const [room] = await db.insert(examRooms).values({ unitId: fx.smp, name: 'R1', capacity: 30 }).returning();
  const [session] = await db
    .insert(examSessions)
    .values({ unitId: fx.smp, date: '2030-09-14', number: 1, name: 'Sesi 1', startsAt: '07:30', endsAt: '09:00' })
    .returning();
  await db.insert(examSlots).values({
    unitId: fx.smp,
    assessmentId: smpExam,
    classGroupId: fx.classes[0],
    roomId: room!.id,
    sessionId: session!.id,
    proctorEmployeeId: fx.signedIn.get('TEACHER')!.employeeId!,
  });
  const startedAt = new Date('2030-09-14T07:30:00+07:00');
  const deadlineAt = new Date('2030-09-14T09:00:00+07:00');
  const attempt = async (assessmentId: number, studentId: number) =>
    (
      await db
        .insert(attempts)
        .values({ assessmentId, studentId, attemptNo: 1, startedAt, deadlineAt })
        .returning({ id: attempts.id })
    )[0]!.id;
  rows = [
    await attempt(smpExam, fx.students[0]),
    await attempt(smpExam, fx.students[1]),
    await attempt(sdExam, fx.students[2]),
  ];
  await syncReadCache(db);
});

describe('the attempt rule: control x every division x own, other class, other unit', () => {
  matrixTables(fx, { attempt: { control: CONTROL } }, () => rows);
});
