import type { QuestionContent } from '@mms/shared';
import { addDays, startOfJakartaDay } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import { assessmentClasses, assessmentItems, assessments, questions, questionVersions } from '../db/schema/index.ts';

/** A demo question: its stem, content (with the key) and points. */
const QUESTIONS: { stem: string; content: QuestionContent; points: number }[] = [
  {
    stem: '<p>Hasil dari 12 × 8 adalah …</p>',
    content: {
      type: 'SINGLE',
      options: [
        { id: 'a', text: '86' },
        { id: 'b', text: '96' },
        { id: 'c', text: '98' },
        { id: 'd', text: '108' },
      ],
      key: 'b',
    },
    points: 2,
  },
  {
    stem: '<p>Pilih semua bilangan prima.</p>',
    content: {
      type: 'MULTIPLE',
      options: [
        { id: 'a', text: '2' },
        { id: 'b', text: '9' },
        { id: 'c', text: '11' },
        { id: 'd', text: '15' },
      ],
      key: ['a', 'c'],
      partial: 'PARTIAL',
    },
    points: 2,
  },
  {
    stem: '<p>Tentukan benar atau salah.</p>',
    content: {
      type: 'TRUE_FALSE',
      statements: [
        { id: 's1', text: '0,5 sama dengan 1/2' },
        { id: 's2', text: '−3 lebih besar daripada 2' },
      ],
      key: { s1: true, s2: false },
      partial: 'PARTIAL',
    },
    points: 2,
  },
  {
    stem: '<p>Jodohkan bangun datar dengan banyak sisinya.</p>',
    content: {
      type: 'MATCHING',
      left: [
        { id: 'l1', text: 'Segitiga' },
        { id: 'l2', text: 'Persegi' },
      ],
      right: [
        { id: 'r1', text: '3 sisi' },
        { id: 'r2', text: '4 sisi' },
        { id: 'r3', text: '5 sisi' },
      ],
      key: { l1: 'r1', l2: 'r2' },
      partial: 'PARTIAL',
    },
    points: 2,
  },
  {
    stem: '<p>Berapakah 25% dari 80?</p>',
    content: { type: 'SHORT', accepted: [{ number: 20, tolerance: 0 }] },
    points: 1,
  },
  {
    stem: '<p>Jelaskan cara menghitung keliling persegi panjang dengan panjang 8 cm dan lebar 5 cm.</p>',
    content: {
      type: 'ESSAY',
      rubric: [
        { criterion: 'Rumus keliling tepat', points: 2 },
        { criterion: 'Hasil 26 cm', points: 1 },
      ],
      modelAnswer: 'K = 2 × (p + l) = 2 × (8 + 5) = 26 cm',
    },
    points: 3,
  },
];

/** One bank question of the demo (version 1, difficulty SEDANG, tagged demo): its id and its version's. */
export async function insertDemoQuestion(
  tx: Transaction,
  v: { unitId: number; subjectId: number; gradeId: number; authorEmployeeId: number },
  q: { stem: string; content: QuestionContent; points: number },
): Promise<{ questionId: number; versionId: number }> {
  const [row] = await tx
    .insert(questions)
    .values({
      unitId: v.unitId,
      subjectId: v.subjectId,
      gradeId: v.gradeId,
      authorEmployeeId: v.authorEmployeeId,
      tags: ['demo'],
    })
    .returning({ id: questions.id });
  const [version] = await tx
    .insert(questionVersions)
    .values({
      questionId: row!.id,
      version: 1,
      type: q.content.type,
      stem: q.stem,
      content: q.content,
      points: q.points,
      difficulty: 'SEDANG',
    })
    .returning({ id: questionVersions.id });
  return { questionId: row!.id, versionId: version!.id };
}

/**
 * The exam engine's demo (issue 13): six questions of every type in the bank of a subject the demo teacher teaches
 * in SMP 7A, a formative quiz and a summative exam with a token for 7A, both open the whole school year with ten
 * attempts, so the demo student can take them on any day and the control screens have something to show.
 */
export async function seedDemoExams(
  tx: Transaction,
  v: {
    unitId: number;
    subjectId: number;
    gradeId: number;
    classGroupId: number;
    authorEmployeeId: number;
    year: { startDate: string; endDate: string };
  },
) {
  const ids: { questionId: number; versionId: number }[] = [];
  for (const q of QUESTIONS) ids.push(await insertDemoQuestion(tx, v, q));
  const opensAt = startOfJakartaDay(v.year.startDate);
  // through the year's last day
  const closesAt = startOfJakartaDay(addDays(v.year.endDate, 1));
  const common = {
    unitId: v.unitId,
    subjectId: v.subjectId,
    gradeId: v.gradeId,
    authorEmployeeId: v.authorEmployeeId,
    opensAt,
    closesAt,
    attemptsAllowed: 10,
    passingMark: 75,
    state: 'SCHEDULED' as const,
  };
  const rows = await tx
    .insert(assessments)
    .values([
      {
        ...common,
        kind: 'FORMATIVE' as const,
        title: 'Kuis latihan: Bilangan dan bangun datar',
        instructions: 'Kerjakan sendiri. Jawaban tersimpan otomatis, juga saat sinyal hilang.',
        durationMinutes: 20,
        shuffleOptions: true,
      },
      {
        ...common,
        kind: 'SUMMATIVE' as const,
        title: 'Ujian latihan (dengan token)',
        instructions: 'Minta token kepada pengawas sebelum mulai.',
        durationMinutes: 30,
        shuffleQuestions: true,
        shuffleOptions: true,
        tokenRequired: true,
        // practice without a grade: it must not occupy the class's exam calendar for the whole year
        isSample: true,
      },
    ])
    .returning({ id: assessments.id });
  for (const a of rows) {
    await tx.insert(assessmentClasses).values({ assessmentId: a.id, classGroupId: v.classGroupId });
    await tx.insert(assessmentItems).values(
      ids.map((q, i) => ({
        assessmentId: a.id,
        position: i + 1,
        questionId: q.questionId,
        questionVersionId: q.versionId,
      })),
    );
  }
  return { questions: ids.length, assessments: rows.length };
}
