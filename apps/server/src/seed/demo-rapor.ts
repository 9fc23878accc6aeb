import { addDays, semesterRange, startOfJakartaDay, type AuthUser, type QuestionContent } from '@mms/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import {
  assessmentClasses,
  assessmentItems,
  assessments,
  employees,
  enrollments,
  students,
  subjects,
  teachingAssignments,
} from '../db/schema/index.ts';
import type { AuditActor } from '../lib/audit.ts';
import { activeAuthUser } from '../modules/auth/auth.service.ts';
import * as descriptionRows from '../modules/descriptions/descriptions.repo.ts';
import { insertDemoQuestion } from './demo-exam.ts';
import * as examRepo from '../modules/exam/exam.repo.ts';
import { beginAttempt, GRACE_SECONDS, submitNow } from '../modules/exam/play/exam.service.ts';
import * as gradeRows from '../modules/grades/grades.repo.ts';
import * as objectiveRows from '../modules/learning-objectives/learning-objectives.repo.ts';
import { createLearningObjectivesService } from '../modules/learning-objectives/learning-objectives.service.ts';
import { createRaporWorkflowService } from '../modules/rapor/rapor-workflow.service.ts';
import { rng } from './demo-data.ts';

const SEMESTER = 'GANJIL' as const;

/** Three TPs per subject (grade 7, Kurikulum Merdeka phase D); a subject not listed gets the general three. */
const OBJECTIVES: Record<string, [string, string, string]> = {
  MTK: [
    'melakukan operasi hitung bilangan bulat dan pecahan',
    'menyelesaikan masalah perbandingan dan persentase',
    'menentukan keliling dan luas bangun datar',
  ],
  BIND: [
    'menemukan gagasan pokok teks deskripsi',
    'menulis teks deskripsi dengan struktur yang tepat',
    'menyampaikan pendapat secara lisan dengan santun',
  ],
  IPA: [
    'mengklasifikasikan makhluk hidup berdasarkan ciri-cirinya',
    'menjelaskan wujud zat dan perubahannya',
    'melakukan pengukuran dengan satuan baku',
  ],
  BING: [
    'memperkenalkan diri dan orang lain dalam bahasa Inggris',
    'memahami teks deskripsi sederhana',
    'menulis kalimat sederhana tentang kegiatan sehari-hari',
  ],
  PAI: [
    'membaca Al-Quran surah pilihan dengan tartil',
    'menjelaskan makna iman kepada Allah',
    'mempraktikkan tata cara salat berjamaah',
  ],
};
const generalObjectives = (name: string): [string, string, string] => [
  `memahami konsep dasar ${name}`,
  `menerapkan ${name} dalam kegiatan sehari-hari`,
  `menyajikan hasil karya atau kajian ${name}`,
];

/** The online summative of Matematika: five closed questions, scored at submission. */
const EXAM_QUESTIONS: { stem: string; key: string; options: [string, string, string, string] }[] = [
  { stem: '<p>Hasil dari −12 + 7 adalah …</p>', key: 'b', options: ['−19', '−5', '5', '19'] },
  { stem: '<p>Hasil dari 3/4 + 1/8 adalah …</p>', key: 'c', options: ['4/12', '5/8', '7/8', '1'] },
  {
    stem: '<p>Perbandingan 12 : 18 paling sederhana adalah …</p>',
    key: 'a',
    options: ['2 : 3', '3 : 2', '4 : 5', '6 : 9'],
  },
  { stem: '<p>25% dari 240 adalah …</p>', key: 'd', options: ['24', '48', '50', '60'] },
  {
    stem: '<p>Luas persegi panjang 9 cm × 4 cm adalah …</p>',
    key: 'b',
    options: ['26 cm²', '36 cm²', '13 cm²', '72 cm²'],
  },
];

const NOTES = [
  'Ananda rajin dan bersungguh-sungguh di kelas. Pertahankan semangat belajar dan tingkatkan keberanian bertanya.',
  'Ananda santun dan mudah bekerja sama dengan teman. Perbanyak latihan membaca agar pemahaman semakin baik.',
  'Ananda aktif dalam diskusi dan kegiatan kelas. Jaga ketepatan waktu mengumpulkan tugas.',
  'Ananda tekun dan teliti. Terus kembangkan kemampuan menyampaikan pendapat di depan kelas.',
  'Ananda menunjukkan kemajuan yang baik semester ini. Tingkatkan lagi kedisiplinan belajar di rumah.',
];

/**
 * The first semester of SMP 7A ready to close (issue 40): for every subject taught in the class, three score columns
 * of the kinds the school weighs (formatif, sumatif lingkup materi, sumatif akhir semester) with a score for every
 * student, and in Matematika an online summative each student took and submitted, scored by the exam engine, which
 * fills its grade-book column (assessment_id) as the real flow does; three TPs per subject tagged on the columns; the
 * drafted descriptions accepted; every subject submitted but Matematika, which the demo teacher ("teacher") submits
 * to see the board turn complete; and the homeroom's note for every student. In the seed's transaction, as each
 * subject's own teacher: the TPs, typed columns, scores, tags and saved descriptions through their owner modules'
 * repositories (the seed's one audit line, not one per cell: it runs at every first start and must stay fast), the
 * online exam through the exam engine (beginAttempt, the save statement, submitNow: its scoring feeds the grade
 * book), the drafts from the TP mastery service, the submissions and notes through the rapor workflow's service.
 * Dates fall inside the first semester and never after today: in the second semester spread over July to December,
 * earlier in the year over the days so far.
 */
export async function seedDemoRapor(
  tx: Transaction,
  v: {
    unitId: number;
    classGroupId: number;
    gradeId: number;
    academicYearId: number;
    year: { startDate: string; endDate: string };
    now: Date;
    today: string;
    /** the demo TEACHER account: homeroom of 7A and Matematika's teacher */
    homeroomUserId: number;
    mathSubjectId: number;
  },
) {
  // the services open their transactions as savepoints of the seed's
  const db = tx as unknown as Database;
  const objectives = createLearningObjectivesService(db);
  const workflow = createRaporWorkflowService(db, '');
  const random = rng(20261219);

  // ---- the days: within the first semester, not after today
  const range = semesterRange(v.year, SEMESTER);
  const last = v.today < range.to ? v.today : range.to;
  const span = Math.max(0, Math.round((Date.parse(last) - Date.parse(range.from)) / 86_400_000));
  const dayAt = (f: number) => addDays(range.from, Math.floor(f * span));

  // ---- the class, its subjects and their teachers (teaching assignments of the first semester)
  const roster = await tx
    .select({ id: students.id })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(eq(enrollments.classGroupId, v.classGroupId), isNull(enrollments.endedAt)))
    .orderBy(asc(students.id));
  const taught = await tx
    .selectDistinct({
      subjectId: teachingAssignments.subjectId,
      code: subjects.code,
      name: subjects.name,
      userId: employees.userId,
      employeeId: employees.id,
    })
    .from(teachingAssignments)
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(employees, eq(employees.id, teachingAssignments.employeeId))
    .where(and(eq(teachingAssignments.classGroupId, v.classGroupId), eq(teachingAssignments.semester, SEMESTER)))
    .orderBy(asc(subjects.code));
  const users = new Map<number, AuthUser>();
  const userOf = async (userId: number) => {
    if (!users.has(userId)) users.set(userId, (await activeAuthUser(tx, userId))!);
    return users.get(userId)!;
  };
  const actorOf = (u: AuthUser): AuditActor => ({ userId: u.id, username: u.username, ip: null, requestId: null });

  // each student's level (most between 70 and 92; a few below the KKTP, who need a remedial)
  const level = new Map(roster.map((s, i) => [s.id, i % 8 === 3 ? 58 + random() * 10 : 70 + random() * 22]));
  const scoreOf = (studentId: number) => {
    const x = level.get(studentId)! + (random() - 0.5) * 16;
    return Math.max(40, Math.min(100, Math.round(x * 2) / 2));
  };

  let submitted = 0;
  for (const subject of taught) {
    if (subject.userId === null) continue;
    const teacher = await userOf(subject.userId);
    const sheet = { classGroupId: v.classGroupId, subjectId: subject.subjectId, semester: SEMESTER };

    // ---- three TPs of the subject and grade
    const texts = OBJECTIVES[subject.code] ?? generalObjectives(subject.name);
    const tps: number[] = [];
    for (const [i, description] of texts.entries()) {
      const tp = await objectiveRows.insertObjective(tx, {
        unitId: v.unitId,
        academicYearId: v.academicYearId,
        subjectId: subject.subjectId,
        gradeId: v.gradeId,
        code: `TP 7.${i + 1}`,
        description,
        position: i + 1,
        createdByUserId: teacher.id,
      });
      tps.push(tp.id);
    }

    // ---- the typed columns, a score for every student
    const columns = [
      { kind: 'FORMATIF' as const, title: 'Formatif 1', date: dayAt(0.3), tags: [tps[0]!] },
      { kind: 'SUMATIF' as const, title: 'Sumatif lingkup materi 1', date: dayAt(0.55), tags: [tps[0]!, tps[1]!] },
      { kind: 'PAS' as const, title: 'Sumatif akhir semester', date: dayAt(0.95), tags: tps },
    ];
    const made: { id: number; tags: number[] }[] = [];
    for (const c of columns) {
      const column = await gradeRows.insertColumn(tx, {
        ...sheet,
        unitId: v.unitId,
        kind: c.kind,
        title: c.title,
        date: c.date,
        createdByEmployeeId: subject.employeeId,
      });
      made.push({ id: column.id, tags: c.tags });
    }
    await gradeRows.upsertScores(
      tx,
      made.flatMap((c) =>
        roster.map((s) => ({ columnId: c.id, studentId: s.id, hundredths: Math.round(scoreOf(s.id) * 100) })),
      ),
      teacher.id,
    );

    // ---- Matematika: the online summative, taken and scored by the exam engine, which fills its column
    if (subject.subjectId === v.mathSubjectId) {
      const examColumn = await seedOnlineSummative(tx, {
        ...v,
        subjectId: subject.subjectId,
        authorEmployeeId: subject.employeeId,
        day: dayAt(0.75),
        studentIds: roster.map((s) => s.id),
        levelOf: (id) => level.get(id)!,
        random,
      });
      if (examColumn) made.push({ id: examColumn, tags: [tps[1]!, tps[2]!] });
    }
    // ---- the columns tagged with their TPs
    for (const c of made) await objectiveRows.setColumnObjectives(tx, c.id, c.tags);

    // ---- the descriptions drafted from the TPs' mastery (the description editor's drafts), accepted as drafted
    const mastery = await objectives.mastery(teacher, sheet);
    const entries = mastery.students.flatMap((s) =>
      s.draft.id ? [{ studentId: s.studentId, text: s.draft.id, source: 'DRAFT' as const }] : [],
    );
    await descriptionRows.upsert(tx, { ...sheet, academicYearId: v.academicYearId, userId: teacher.id }, entries);

    // ---- submitted for the rapor, all but Matematika (the demo teacher's, left to submit)
    if (subject.subjectId !== v.mathSubjectId) {
      await workflow.submit(
        teacher,
        v.classGroupId,
        { semester: SEMESTER, subjectId: subject.subjectId },
        actorOf(teacher),
      );
      submitted++;
    }
  }

  // ---- the homeroom's note for every student
  const homeroom = await userOf(v.homeroomUserId);
  for (const [i, s] of roster.entries()) {
    await workflow.saveNote(
      homeroom,
      v.classGroupId,
      s.id,
      { semester: SEMESTER, text: NOTES[i % NOTES.length]! },
      actorOf(homeroom),
    );
  }
  return { subjects: taught.length, submitted, students: roster.length };
}

/**
 * A published online summative of Matematika for 7A on `day` (its window before now), each student's attempt begun,
 * answered and submitted through the exam engine's functions, which score it and fill the grade book's column.
 * Returns that column's id.
 */
async function seedOnlineSummative(
  tx: Transaction,
  v: {
    unitId: number;
    subjectId: number;
    gradeId: number;
    classGroupId: number;
    authorEmployeeId: number;
    year: { startDate: string };
    now: Date;
    day: string;
    studentIds: number[];
    levelOf: (studentId: number) => number;
    random: () => number;
  },
) {
  const items: { questionId: number; versionId: number; key: string }[] = [];
  for (const q of EXAM_QUESTIONS) {
    const content: QuestionContent = {
      type: 'SINGLE',
      options: q.options.map((text, i) => ({ id: 'abcd'[i]!, text })),
      key: q.key,
    };
    const ids = await insertDemoQuestion(tx, v, { stem: q.stem, content, points: 2 });
    items.push({ ...ids, key: q.key });
  }
  // 08:00 on its day, or earlier when that is not yet past (the first hours of a school year)
  const minute = 60_000;
  let opensAt = new Date(startOfJakartaDay(v.day).getTime() + 8 * 60 * minute);
  if (opensAt.getTime() + 90 * minute > v.now.getTime()) {
    opensAt = new Date(Math.max(startOfJakartaDay(v.year.startDate).getTime(), v.now.getTime() - 100 * minute));
  }
  const closesAt = new Date(opensAt.getTime() + 90 * minute);
  const [exam] = await tx
    .insert(assessments)
    .values({
      unitId: v.unitId,
      kind: 'SUMMATIVE',
      title: 'Sumatif online: Bilangan, perbandingan dan bangun datar',
      subjectId: v.subjectId,
      gradeId: v.gradeId,
      authorEmployeeId: v.authorEmployeeId,
      instructions: 'Kerjakan sendiri dalam 60 menit.',
      durationMinutes: 60,
      opensAt,
      closesAt,
      attemptsAllowed: 1,
      passingMark: 75,
      showScore: true,
      shuffleOptions: true,
      // written, approved, taken, scored and its results published
      state: 'PUBLISHED',
    })
    .returning({ id: assessments.id });
  await tx.insert(assessmentClasses).values({ assessmentId: exam!.id, classGroupId: v.classGroupId });
  await tx.insert(assessmentItems).values(
    items.map((q, i) => ({
      assessmentId: exam!.id,
      position: i + 1,
      questionId: q.questionId,
      questionVersionId: q.versionId,
    })),
  );

  for (const [n, studentId] of v.studentIds.entries()) {
    const taker = { studentId };
    const deviceId = `demo-rapor-${studentId}`;
    const at = (minutes: number) => new Date(opensAt.getTime() + (n % 5) * minute + minutes * minute);
    const attemptId = await beginAttempt(tx, {
      assessmentId: exam!.id,
      taker,
      attemptNo: 1,
      now: at(1),
      deadline: at(61),
      deviceId,
    });
    // a stronger student answers more questions right
    const right = v.levelOf(studentId) / 100;
    const saves = items.map((q, i) => {
      const wrong = 'abcd'.replace(q.key, '')[i % 3]!;
      return {
        questionId: q.questionId,
        clientSeq: i + 1,
        response: { type: 'SINGLE' as const, optionId: v.random() < right ? q.key : wrong },
        flagged: false,
      };
    });
    await examRepo.saveAnswers(tx, {
      attemptId: attemptId!,
      taker,
      deviceId,
      now: at(20),
      graceSeconds: GRACE_SECONDS,
      saves,
    });
    const attempt = await examRepo.findAttempt(tx, attemptId!, true);
    await submitNow(tx, attempt!, 'STUDENT', at(30));
  }
  // the column the engine's scoring made in the grade book
  return (await gradeRows.findAssessmentColumn(tx, exam!.id, v.classGroupId))?.id ?? null;
}
