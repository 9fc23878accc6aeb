import { semesterInYear, type ScoreKind, type Semester } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import * as school from '../school/school.service.ts';
import * as repo from './grades.repo.ts';

/**
 * The grade book fed by the assessments (issue 40, part 1): an assessment that yields a score has one column per
 * class group that takes it, named after it and dated on its day, and each student's grade in it in whole
 * hundredths. The exam engine calls this whenever it scores a student's attempt (submission, deadline, a forced
 * submission, essay marking, a key change, a paper sheet typed in), in the transaction of that scoring; the grade
 * book itself knows no attempt. Such a column is not typed in by hand (grades.service refuses it).
 *
 * The kind of the column, from the assessment's:
 *
 * | assessment              | column     |
 * | ----------------------- | ---------- |
 * | TASK (tugas)            | TUGAS      |
 * | FORMATIVE (kuis)        | FORMATIF   |
 * | SUMMATIVE (sumatif)     | SUMATIF    |
 * | SELECTION (tes seleksi) | (none)     |
 * | ADMISSION               | (none)     |
 *
 * A selection test sorts students (a program, a class) and is no score of the subject; the admission test is an
 * applicant's; a sample (contoh soal) is practice. None of them lands in the grade book. The teacher may change a
 * fed column's kind afterwards (a summative that is the school's PTS or PAS); its name and date stay the
 * assessment's.
 */
export const SCORE_KIND_OF_ASSESSMENT: Readonly<Record<string, ScoreKind | undefined>> = {
  TASK: 'TUGAS',
  FORMATIVE: 'FORMATIF',
  SUMMATIVE: 'SUMATIF',
};

/** What the grade book knows of an assessment that feeds it. */
export interface FeedingAssessment {
  id: number;
  unitId: number;
  subjectId: number;
  /** the assessment's kind (TASK, FORMATIVE, ...), mapped by SCORE_KIND_OF_ASSESSMENT */
  kind: string;
  title: string;
  /** its day, YYYY-MM-DD in Asia/Jakarta */
  date: string;
}

/** The semester of a day in a class's school year; a day outside it counts in the nearer semester. */
async function semesterOf(exec: Executor, academicYearId: number, date: string): Promise<Semester> {
  const year = await school.findYear(exec, academicYearId);
  if (!year) return 'GANJIL';
  return semesterInYear(date, year) ?? (date < year.startDate ? 'GANJIL' : 'GENAP');
}

/**
 * Writes students' scores from an assessment into its column of a class: a number of hundredths is the student's
 * grade, null takes it out (an attempt whose essays wait for marking: absent, not 0). The column is made on the
 * first score; its name, date and semester follow the assessment's on every write. Does nothing for an
 * assessment whose kind feeds no grade book. Returns the column's id, or null when there is none.
 */
export async function feedAssessmentScores(
  exec: Executor,
  a: FeedingAssessment,
  classGroupId: number,
  cells: readonly { studentId: number; hundredths: number | null }[],
): Promise<number | null> {
  const kind = SCORE_KIND_OF_ASSESSMENT[a.kind];
  if (!kind || !cells.length) return null;
  // a column's name holds 80 characters (score_columns_title_ck)
  const title = Array.from(a.title.trim()).slice(0, 80).join('') || `Penilaian ${a.id}`;
  let column = await repo.findAssessmentColumn(exec, a.id, classGroupId);
  if (!column) {
    if (cells.every((c) => c.hundredths === null)) return null;
    const cls = await school.findClass(exec, classGroupId);
    if (!cls) return null;
    column = await repo.ensureAssessmentColumn(exec, {
      unitId: a.unitId,
      classGroupId,
      subjectId: a.subjectId,
      semester: await semesterOf(exec, cls.academicYearId, a.date),
      kind,
      title,
      date: a.date,
      assessmentId: a.id,
    });
  } else if (column.title !== title || column.date !== a.date) {
    const cls = await school.findClass(exec, classGroupId);
    const semester = cls ? await semesterOf(exec, cls.academicYearId, a.date) : column.semester;
    column = await repo.updateColumn(exec, column.id, { title, date: a.date, semester });
  }
  const id = column.id;
  // only the students written: an attempt's scoring (the exam's hot path) reads one row, not the class's column
  const students = cells.map((c) => c.studentId);
  const was = new Map((await repo.scoresOf(exec, [id], students)).map((s) => [s.studentId, s.hundredths]));
  const put = cells.flatMap((c) =>
    c.hundredths === null || was.get(c.studentId) === c.hundredths
      ? []
      : [{ columnId: id, studentId: c.studentId, hundredths: c.hundredths }],
  );
  const clear = cells.filter((c) => c.hundredths === null && was.has(c.studentId));
  await repo.upsertScores(exec, put, null);
  await repo.deleteScores(
    exec,
    clear.map((c) => ({ columnId: id, studentId: c.studentId })),
  );
  return id;
}
