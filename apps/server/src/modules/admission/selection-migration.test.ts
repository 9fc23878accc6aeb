import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_FOLDER, runMigrations } from '../../db/migrate.ts';

// Migration 0035 (issue 38 part 2) carries the selection test's own tables over to the exam engine's: a database
// migrated to 0034 gets selection rows in the old shape, then the migrations run on, and the rows are read back in
// the new shape. A database of its own: the suites' template is migrated already.

const MOVE = '0035_selection_on_exam_engine';
const adminUrl = inject('adminUrl');
const name = `mms_t_migrate_sel_${randomBytes(4).toString('hex')}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
let db: pg.Client;
let before: string;

const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;
const all = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  // the migrations up to the one before the move
  before = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-migrations-'));
  await fs.cp(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MOVE);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  await runMigrations(url, before);
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await fs.rm(before, { recursive: true, force: true });
});

const single = (key: string) => ({
  type: 'SINGLE',
  options: [
    { id: 'a', text: '1' },
    { id: 'b', text: '2' },
  ],
  key,
});

describe('migration 0035: the selection test moves onto the exam engine', () => {
  it('carries questions and versions, sets, attempts and answers over and drops the selection tables', async () => {
    // ---- the old shape ----
    const unit = await one<{ id: number }>(
      `insert into units (code, name) values ('MIG', 'Unit Migrasi') returning id`,
    );
    const year = await one<{ id: number }>(
      `insert into academic_years (name, start_date, end_date) values ('2096/2097', '2096-07-01', '2097-06-30') returning id`,
    );
    const grade = await one<{ id: number }>(
      `insert into grades (unit_id, level, name) values ($1, 7, 'Tujuh') returning id`,
      [unit.id],
    );
    const subject = await one<{ id: number }>(
      `insert into subjects (unit_id, code, name) values ($1, 'MTK', 'Matematika') returning id`,
      [unit.id],
    );
    // a subject-bank question and a student's attempt already there: the moved ids go past theirs
    const subjectQ = await one<{ id: number }>(
      `insert into questions (unit_id, subject_id, grade_id) values ($1, $2, $3) returning id`,
      [unit.id, subject.id, grade.id],
    );
    const subjectV = await one<{ id: number }>(
      `insert into question_versions (question_id, version, type, stem, content, points, difficulty)
       values ($1, 1, 'SINGLE', '<p>s</p>', $2, 1, 'MUDAH') returning id`,
      [subjectQ.id, single('a')],
    );
    const exam = await one<{ id: number }>(
      `insert into assessments (unit_id, kind, title, subject_id, grade_id) values ($1, 'SUMMATIVE', 'PAS', $2, $3) returning id`,
      [unit.id, subject.id, grade.id],
    );
    const student = await one<{ id: number }>(
      `insert into students (unit_id, nis, name) values ($1, 'MIG1', 'Siswa') returning id`,
      [unit.id],
    );
    const studentAttempt = await one<{ id: number }>(
      `insert into attempts (assessment_id, student_id, attempt_no, started_at, deadline_at)
       values ($1, $2, 1, '2097-01-01T08:00:00+07', '2097-01-01T09:00:00+07') returning id`,
      [exam.id, student.id],
    );
    const wave = await one<{ id: number }>(
      `insert into admission_waves (unit_id, academic_year_id, grade_id, name, opens_on, closes_on, quota)
       values ($1, $2, $3, 'Gelombang Migrasi', '2096-01-01', '2096-03-31', 10) returning id`,
      [unit.id, year.id, grade.id],
    );
    const quiet = await one<{ id: number }>(
      `insert into admission_waves (unit_id, academic_year_id, grade_id, name, opens_on, closes_on, quota)
       values ($1, $2, $3, 'Gelombang Sepi', '2096-04-01', '2096-05-31', 10) returning id`,
      [unit.id, year.id, grade.id],
    );
    const [ana, budi] = await all<{ id: number }>(
      `insert into applicants (wave_id, unit_id, reg_no, pin_hash, name, state) values
       ($1, $2, 'SPMB/MIG/2096/0001', 'x', 'Ana', 'TESTED'), ($1, $2, 'SPMB/MIG/2096/0002', 'x', 'Budi', 'VERIFIED')
       returning id`,
      [wave.id, unit.id],
    );
    const [q1, q2] = await all<{ id: number }>(
      `insert into selection_questions (unit_id, current_version, tags) values ($1, 2, '{Matematika}'), ($1, 1, '{Diniyah}')
       returning id`,
      [unit.id],
    );
    const [v1a, v1b, v2] = await all<{ id: number }>(
      `insert into selection_question_versions (question_id, version, type, stem, content, points, difficulty) values
       ($1, 1, 'SINGLE', '<p>lama</p>', $3, 2, 'MUDAH'), ($1, 2, 'SINGLE', '<p>baru</p>', $3, 2, 'MUDAH'),
       ($2, 1, 'SINGLE', '<p>dua</p>', $4, 3, 'SEDANG') returning id`,
      [q1!.id, q2!.id, single('a'), single('b')],
    );
    await db.query(
      `insert into selection_set_items (applicant_id, position, question_id, question_version_id) values
       ($1, 1, $3, $4), ($1, 2, $5, $6), ($2, 1, $5, $6)`,
      [ana!.id, budi!.id, q1!.id, v1a!.id, q2!.id, v2!.id],
    );
    // Ana: submitted, graded 2 of 5 points = 40 (a grade, as the old table kept it); Budi: still working
    const [anaAttempt, budiAttempt] = await all<{ id: number }>(
      `insert into selection_attempts (applicant_id, started_at, deadline_at, submitted_at, status, submitted_by,
         score_num, score_den, device_id) values
       ($1, '2096-04-05T07:00:00+07', '2096-04-05T08:00:00+07', '2096-04-05T07:40:00+07', 'GRADED', 'APPLICANT', 40, 1, 'd-ana'),
       ($2, '2096-04-05T07:05:00+07', '2096-04-05T08:05:00+07', null, 'IN_PROGRESS', null, null, null, 'd-budi')
       returning id`,
      [ana!.id, budi!.id],
    );
    await db.query(
      `insert into selection_answers (attempt_id, question_id, question_version_id, response, client_seq, flagged,
         score_num, score_den, corrected_at, correction_note) values
       ($1, $3, $4, '{"type":"SINGLE","optionId":"a"}', 3, false, null, null, null, null),
       ($1, $5, $6, '{"type":"SINGLE","optionId":"a"}', 4, true, 0, 1, '2096-04-06T09:00:00+07', 'Dikoreksi'),
       ($2, $5, $6, '{"type":"SINGLE","optionId":"b"}', 1, false, null, null, null, null)`,
      [anaAttempt!.id, budiAttempt!.id, q1!.id, v1a!.id, q2!.id, v2!.id],
    );

    // ---- the move ----
    await runMigrations(url);

    // ---- the new shape ----
    const tests = await all<{ id: number; waveId: number; kind: string; unitId: number; subjectId: number | null }>(
      `select id, admission_wave_id as "waveId", kind, unit_id as "unitId", subject_id as "subjectId"
       from assessments where kind = 'ADMISSION' order by admission_wave_id`,
    );
    expect(tests.map(({ id: _id, ...t }) => t)).toEqual([
      { waveId: wave.id, kind: 'ADMISSION', unitId: unit.id, subjectId: null },
      { waveId: quiet.id, kind: 'ADMISSION', unitId: unit.id, subjectId: null },
    ]);
    const testId = tests[0]!.id;

    const bank = await all<{ id: number; bank: string; currentVersion: number; tags: string[]; versions: unknown }>(
      `select q.id, q.bank, q.current_version as "currentVersion", q.tags,
         (select json_agg(json_build_object('id', v.id, 'version', v.version, 'stem', v.stem, 'points', v.points)
           order by v.version) from question_versions v where v.question_id = q.id) as versions
       from questions q where q.bank = 'ADMISSION' order by q.id`,
    );
    const qOf = (old: number) => old + subjectQ.id;
    const vOf = (old: number) => old + subjectV.id;
    expect(bank).toEqual([
      {
        id: qOf(q1!.id),
        bank: 'ADMISSION',
        currentVersion: 2,
        tags: ['Matematika'],
        versions: [
          { id: vOf(v1a!.id), version: 1, stem: '<p>lama</p>', points: 2 },
          { id: vOf(v1b!.id), version: 2, stem: '<p>baru</p>', points: 2 },
        ],
      },
      {
        id: qOf(q2!.id),
        bank: 'ADMISSION',
        currentVersion: 1,
        tags: ['Diniyah'],
        versions: [{ id: vOf(v2!.id), version: 1, stem: '<p>dua</p>', points: 3 }],
      },
    ]);

    const sets = await all(
      `select applicant_id as "applicantId", position, question_id as "questionId", question_version_id as "versionId"
       from assessment_taker_items where assessment_id = $1 order by applicant_id, position`,
      [testId],
    );
    expect(sets).toEqual([
      { applicantId: ana!.id, position: 1, questionId: qOf(q1!.id), versionId: vOf(v1a!.id) },
      { applicantId: ana!.id, position: 2, questionId: qOf(q2!.id), versionId: vOf(v2!.id) },
      { applicantId: budi!.id, position: 1, questionId: qOf(q2!.id), versionId: vOf(v2!.id) },
    ]);

    const moved = await all(
      `select id, assessment_id as "assessmentId", student_id as "studentId", applicant_id as "applicantId",
         attempt_no as "attemptNo", status, submitted_by as "submittedBy", score_num as "scoreNum",
         score_den as "scoreDen", device_id as "deviceId", submitted_at = deadline_at - interval '20 minutes' as early
       from attempts order by id`,
    );
    expect(moved).toEqual([
      {
        id: studentAttempt.id,
        assessmentId: exam.id,
        studentId: student.id,
        applicantId: null,
        attemptNo: 1,
        status: 'IN_PROGRESS',
        submittedBy: null,
        scoreNum: null,
        scoreDen: null,
        deviceId: null,
        early: null,
      },
      // 40/100 of the set's 5 points = 200/100 points earned
      {
        id: anaAttempt!.id + studentAttempt.id,
        assessmentId: testId,
        studentId: null,
        applicantId: ana!.id,
        attemptNo: 1,
        status: 'GRADED',
        submittedBy: 'STUDENT',
        scoreNum: 200,
        scoreDen: 100,
        deviceId: 'd-ana',
        early: true,
      },
      {
        id: budiAttempt!.id + studentAttempt.id,
        assessmentId: testId,
        studentId: null,
        applicantId: budi!.id,
        attemptNo: 1,
        status: 'IN_PROGRESS',
        submittedBy: null,
        scoreNum: null,
        scoreDen: null,
        deviceId: 'd-budi',
        early: null,
      },
    ]);

    const answers = await all(
      `select attempt_id as "attemptId", question_id as "questionId", question_version_id as "versionId",
         response->>'optionId' as "optionId", client_seq as "clientSeq", flagged, score_num as "scoreNum",
         correction_note as note, corrected_at is not null as corrected
       from answers order by attempt_id, question_id`,
    );
    expect(answers).toEqual([
      {
        attemptId: anaAttempt!.id + studentAttempt.id,
        questionId: qOf(q1!.id),
        versionId: vOf(v1a!.id),
        optionId: 'a',
        clientSeq: 3,
        flagged: false,
        scoreNum: null,
        note: null,
        corrected: false,
      },
      {
        attemptId: anaAttempt!.id + studentAttempt.id,
        questionId: qOf(q2!.id),
        versionId: vOf(v2!.id),
        optionId: 'a',
        clientSeq: 4,
        flagged: true,
        scoreNum: 0,
        note: 'Dikoreksi',
        corrected: true,
      },
      {
        attemptId: budiAttempt!.id + studentAttempt.id,
        questionId: qOf(q2!.id),
        versionId: vOf(v2!.id),
        optionId: 'b',
        clientSeq: 1,
        flagged: false,
        scoreNum: null,
        note: null,
        corrected: false,
      },
    ]);

    // the selection tables are gone; new rows take ids after the moved ones
    const left = await one<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_name like 'selection\\_%'`,
    );
    expect(left.n).toBe(0);
    const next = await one<{ id: number }>(
      `insert into questions (unit_id, bank) values ($1, 'ADMISSION') returning id`,
      [unit.id],
    );
    expect(next.id).toBe(qOf(q2!.id) + 1);
    // a taker is a student or an applicant, never both nor neither
    await expect(
      db.query(
        `insert into attempts (assessment_id, student_id, applicant_id, attempt_no, started_at, deadline_at)
         values ($1, $2, $3, 2, '2097-01-01T08:00:00+07', '2097-01-01T09:00:00+07')`,
        [testId, student.id, ana!.id],
      ),
    ).rejects.toThrow(/attempts_taker_ck/);
  });
});
