import { sql } from 'drizzle-orm';
import type { ExamSave, QuestionResponse } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { arrayParam } from '../../lib/sql.ts';

/** The deadline that counts: the stored one (min of start + duration and the window's close) plus extensions. */
export const DEADLINE = sql.raw(`(t.deadline_at + make_interval(secs => t.extension_seconds))`);

export type AssessmentForExam = {
  id: number;
  unitId: number;
  kind: string;
  title: string;
  subjectName: string;
  gradeName: string;
  instructions: string | null;
  state: string;
  opensAt: Date | null;
  closesAt: Date | null;
  durationMinutes: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  attemptsAllowed: number;
  passingMark: number;
  showScore: boolean;
  tokenRequired: boolean;
  isSample: boolean;
  accessToken: string | null;
  accessTokenAt: Date | null;
  tokenRotateMinutes: number | null;
  authorEmployeeId: number | null;
  subjectId: number;
  gradeId: number;
};

export async function assessmentForExam(db: Executor, id: number, lock = false) {
  const result = await db.execute<AssessmentForExam>(sql`
    select a.id, a.unit_id as "unitId", a.kind, a.title, sj.name as "subjectName", g.name as "gradeName",
      a.instructions, a.state, a.opens_at as "opensAt", a.closes_at as "closesAt",
      a.duration_minutes as "durationMinutes", a.shuffle_questions as "shuffleQuestions",
      a.shuffle_options as "shuffleOptions", a.attempts_allowed as "attemptsAllowed", a.passing_mark as "passingMark",
      a.show_score as "showScore", a.token_required as "tokenRequired", a.is_sample as "isSample",
      a.access_token as "accessToken", a.access_token_at as "accessTokenAt",
      a.token_rotate_minutes as "tokenRotateMinutes", a.author_employee_id as "authorEmployeeId",
      a.subject_id as "subjectId", a.grade_id as "gradeId"
    from assessments a join subjects sj on sj.id = a.subject_id join grades g on g.id = a.grade_id
    where a.id = ${id} and a.deleted_at is null
    ${lock ? sql`for update of a` : sql``}`);
  return result.rows[0];
}

/**
 * Who takes an attempt: a student (quizzes and exams) or an applicant (the admission selection test). Every
 * statement of the engine that reaches an attempt through its taker filters by this.
 */
export type Taker = { studentId: number; applicantId?: undefined } | { applicantId: number; studentId?: undefined };
/** `t.student_id = ..` or `t.applicant_id = ..` for the attempt alias `t`. */
export const takerIs = (taker: Taker) =>
  taker.applicantId !== undefined ? sql`t.applicant_id = ${taker.applicantId}` : sql`t.student_id = ${taker.studentId}`;

export type AttemptRow = {
  id: number;
  assessmentId: number;
  /** the taker: exactly one of the two is set */
  studentId: number | null;
  applicantId: number | null;
  attemptNo: number;
  status: 'IN_PROGRESS' | 'SUBMITTED' | 'GRADED';
  startedAt: Date;
  deadlineAt: Date;
  /** the deadline with extensions */
  deadline: Date;
  submittedAt: Date | null;
  submittedBy: 'STUDENT' | 'DEADLINE' | 'PROCTOR' | null;
  deviceId: string | null;
  extensionSeconds: number;
  lastSeenAt: Date | null;
  deviceChanges: number;
  takeoverRequestedAt: Date | null;
  takeoverAllowedUntil: Date | null;
  takeoverPinHash: string | null;
  scoreNum: number | null;
  scoreDen: number | null;
};

const ATTEMPT_COLUMNS = sql.raw(`t.id, t.assessment_id as "assessmentId", t.student_id as "studentId",
  t.applicant_id as "applicantId",
  t.attempt_no as "attemptNo", t.status, t.started_at as "startedAt", t.deadline_at as "deadlineAt",
  (t.deadline_at + make_interval(secs => t.extension_seconds)) as deadline, t.submitted_at as "submittedAt",
  t.submitted_by as "submittedBy", t.device_id as "deviceId", t.extension_seconds as "extensionSeconds",
  t.last_seen_at as "lastSeenAt", t.device_changes as "deviceChanges",
  t.takeover_requested_at as "takeoverRequestedAt", t.takeover_allowed_until as "takeoverAllowedUntil",
  t.takeover_pin_hash as "takeoverPinHash", t.score_num as "scoreNum", t.score_den as "scoreDen"`);

export async function findAttempt(db: Executor, id: number, lock = false) {
  const result = await db.execute<AttemptRow>(
    sql`select ${ATTEMPT_COLUMNS} from attempts t where t.id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return result.rows[0];
}

export async function attemptsOfTaker(db: Executor, assessmentId: number, taker: Taker, lock = false) {
  const result = await db.execute<AttemptRow>(sql`
    select ${ATTEMPT_COLUMNS} from attempts t
    where t.assessment_id = ${assessmentId} and ${takerIs(taker)}
    order by t.attempt_no ${lock ? sql`for update` : sql``}`);
  return result.rows;
}
export const attemptsOfStudent = (db: Executor, assessmentId: number, studentId: number, lock = false) =>
  attemptsOfTaker(db, assessmentId, { studentId }, lock);

/** A new attempt; none when the taker's attempt of that number was made at the same moment (the unique index). */
export async function insertAttempt(
  db: Executor,
  v: { assessmentId: number; taker: Taker; attemptNo: number; now: Date; deadline: Date; deviceId: string },
) {
  const result = await db.execute<{ id: number }>(sql`
    insert into attempts (assessment_id, student_id, applicant_id, attempt_no, started_at, deadline_at, status,
      device_id, last_seen_at)
    values (${v.assessmentId}, ${v.taker.studentId ?? null}, ${v.taker.applicantId ?? null}, ${v.attemptNo}, ${v.now},
      ${v.deadline}, 'IN_PROGRESS', ${v.deviceId}, ${v.now})
    on conflict do nothing
    returning id`);
  return result.rows[0]?.id;
}

export async function touchAttempt(db: Executor, id: number, now: Date) {
  await db.execute(sql`update attempts set last_seen_at = ${now} where id = ${id}`);
}

export async function updateAttempt(db: Executor, id: number, set: ReturnType<typeof sql>) {
  await db.execute(sql`update attempts t set ${set} where t.id = ${id}`);
}

export async function addEvent(
  db: Executor,
  v: {
    attemptId: number;
    at: Date;
    kind: string;
    detail?: Record<string, unknown>;
    byUserId?: number | null;
    notice?: string | null;
  },
) {
  await db.execute(sql`
    insert into attempt_events (attempt_id, at, kind, detail, by_user_id, notice)
    values (${v.attemptId}, ${v.at}, ${v.kind}, ${JSON.stringify(v.detail ?? {})}::jsonb, ${v.byUserId ?? null},
      ${v.notice ?? null})`);
}

export async function eventsOf(db: Executor, attemptId: number) {
  const result = await db.execute<{
    at: Date;
    kind: string;
    detail: Record<string, unknown>;
    notice: string | null;
    by: string | null;
  }>(sql`
    select e.at, e.kind, e.detail, e.notice, u.display_name as by
    from attempt_events e left join users u on u.id = e.by_user_id
    where e.attempt_id = ${attemptId} order by e.at desc, e.id desc`);
  return result.rows;
}

export async function savedAnswers(db: Executor, attemptId: number) {
  const result = await db.execute<{
    questionId: number;
    response: QuestionResponse;
    flagged: boolean;
    clientSeq: number;
    savedAt: Date;
    scoreNum: number | null;
    scoreDen: number | null;
  }>(sql`
    select question_id as "questionId", response, flagged, client_seq as "clientSeq", saved_at as "savedAt",
      score_num as "scoreNum", score_den as "scoreDen"
    from answers where attempt_id = ${attemptId}`);
  return result.rows;
}

export interface SaveOutcome {
  /** the attempt as it was (null: not this student's) */
  found: boolean;
  status: AttemptRow['status'] | null;
  deviceId: string | null;
  deadline: Date | null;
  /** saves whose question is on the paper with the response's type */
  valid: number;
  /** the saves were written (or were already held with a newer sequence number) */
  accepted: boolean;
}

/**
 * The hot path of an exam, one statement: it locks the attempt row in share mode (a submission waits for it, and
 * it re-reads the attempt after a submission that committed first), checks the owner, the device, the status, the
 * deadline plus the grace and that every save answers a question of the paper with a response of its type, and
 * only then upserts: per question the highest client sequence number wins, so a repeat or an older save changes
 * nothing. Nothing is written unless every save is valid.
 */
export async function saveAnswers(
  db: Executor,
  v: { attemptId: number; taker: Taker; deviceId: string; now: Date; graceSeconds: number; saves: ExamSave[] },
): Promise<SaveOutcome> {
  const payload = JSON.stringify(
    v.saves.map((s) => ({
      question_id: s.questionId,
      client_seq: s.clientSeq,
      response: s.response,
      flagged: s.flagged,
    })),
  );
  const result = await db.execute<{
    found: boolean;
    status: AttemptRow['status'] | null;
    deviceId: string | null;
    deadline: Date | null;
    valid: number;
    accepted: boolean;
  }>(sql`
    with t as (
      select id, assessment_id, student_id, applicant_id, status, device_id,
        deadline_at + make_interval(secs => extension_seconds) as deadline
      from attempts t where t.id = ${v.attemptId} and ${takerIs(v.taker)}
      for share
    ), own as (
      select ti.question_id, ti.question_version_id from t join assessment_taker_items ti
        on ti.assessment_id = t.assessment_id and (ti.student_id = t.student_id or ti.applicant_id = t.applicant_id)
    ), paper as (
      select question_id, question_version_id from own
      union all
      select ai.question_id, ai.question_version_id from t join assessment_items ai on ai.assessment_id = t.assessment_id
      where not exists (select 1 from own)
    ), x as (
      select * from jsonb_to_recordset(${payload}::jsonb)
        as x(question_id integer, client_seq integer, response jsonb, flagged boolean)
    ), v as (
      select x.question_id, x.client_seq, x.response, x.flagged, ai.question_version_id
      from paper ai
      join x on x.question_id = ai.question_id
      join question_versions qv on qv.id = ai.question_version_id and qv.type = x.response->>'type'
    ), ok as (
      select t.id from t
      where t.status = 'IN_PROGRESS' and t.device_id = ${v.deviceId}
        and ${v.now}::timestamptz <= t.deadline + make_interval(secs => ${v.graceSeconds})
        and (select count(*) from v) = ${v.saves.length}
    ), w as (
      insert into answers (attempt_id, question_id, question_version_id, response, client_seq, flagged, saved_at)
      select ok.id, v.question_id, v.question_version_id, v.response, v.client_seq, v.flagged, ${v.now}
      from ok cross join v
      on conflict (attempt_id, question_id) do update
        set response = excluded.response, client_seq = excluded.client_seq, flagged = excluded.flagged,
          saved_at = excluded.saved_at, question_version_id = excluded.question_version_id,
          score_num = null, score_den = null, marked_by_user_id = null
        where answers.client_seq < excluded.client_seq
      returning 1
    ), seen as (
      update attempts set last_seen_at = ${v.now} where id in (select id from ok) returning 1
    )
    select exists (select 1 from t) as found, (select status from t) as status,
      (select device_id from t) as "deviceId", (select deadline from t) as deadline,
      (select count(*) from v)::int as valid, exists (select 1 from ok) as accepted,
      (select count(*) from w)::int as written, (select count(*) from seen)::int as seen`);
  const row = result.rows[0]!;
  return { ...row, deadline: row.deadline ? new Date(row.deadline) : null };
}

/** The highest client sequence number held for an attempt (a new device continues after it). */
export async function maxSeq(db: Executor, attemptId: number) {
  const result = await db.execute<{ n: number }>(
    sql`select coalesce(max(client_seq), 0)::int as n from answers where attempt_id = ${attemptId}`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * Submits every attempt whose deadline (with extensions) passed more than `graceSeconds` ago, as at its deadline:
 * the finish time is the deadline, never the moment this ran. Returns them for scoring. The UPDATE's condition makes
 * it once-only across any number of servers.
 */
export async function submitExpired(db: Executor, now: Date, graceSeconds: number, assessmentId?: number) {
  const result = await db.execute<{ id: number; assessmentId: number; applicantId: number | null }>(sql`
    update attempts t
    set status = 'SUBMITTED', submitted_at = ${DEADLINE}, submitted_by = 'DEADLINE'
    where t.status = 'IN_PROGRESS'
      and t.deadline_at < ${now}::timestamptz - make_interval(secs => ${graceSeconds} + t.extension_seconds)
      ${assessmentId === undefined ? sql`` : sql`and t.assessment_id = ${assessmentId}`}
    returning t.id, t.assessment_id as "assessmentId", t.applicant_id as "applicantId"`);
  return result.rows;
}

/** The open and upcoming (and recent) quizzes or exams of a class, with the student's attempts. */
export async function examsOfClass(db: Executor, classGroupId: number, studentId: number, kind: string) {
  const result = await db.execute<{
    id: number;
    kind: string;
    title: string;
    subjectName: string;
    state: string;
    opensAt: Date | null;
    closesAt: Date | null;
    durationMinutes: number | null;
    tokenRequired: boolean;
    isSample: boolean;
    showScore: boolean;
    attemptsAllowed: number;
    questionCount: number;
    attemptsUsed: number;
    runningId: number | null;
    lastId: number | null;
  }>(sql`
    select a.id, a.kind, a.title, sj.name as "subjectName", a.state, a.opens_at as "opensAt",
      a.closes_at as "closesAt", a.duration_minutes as "durationMinutes", a.token_required as "tokenRequired",
      a.is_sample as "isSample", a.show_score as "showScore", a.attempts_allowed as "attemptsAllowed",
      (select count(*) from assessment_items ai where ai.assessment_id = a.id)::int as "questionCount",
      (select count(*) from attempts t where t.assessment_id = a.id and t.student_id = ${studentId})::int
        as "attemptsUsed",
      (select t.id from attempts t where t.assessment_id = a.id and t.student_id = ${studentId}
        and t.status = 'IN_PROGRESS' order by t.attempt_no desc limit 1) as "runningId",
      (select t.id from attempts t where t.assessment_id = a.id and t.student_id = ${studentId}
        order by t.attempt_no desc limit 1) as "lastId"
    from assessment_classes ac join assessments a on a.id = ac.assessment_id join subjects sj on sj.id = a.subject_id
    where ac.class_group_id = ${classGroupId} and a.deleted_at is null and a.kind = ${kind}
      and a.state in ('SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED')
    order by a.opens_at desc nulls last, a.id desc
    limit 200`);
  return result.rows;
}

export async function isClassOfAssessment(db: Executor, assessmentId: number, classGroupId: number) {
  const result = await db.execute(
    sql`select 1 from assessment_classes where assessment_id = ${assessmentId} and class_group_id = ${classGroupId}`,
  );
  return result.rows.length > 0;
}

// ---- control ----

export type BoardRow = {
  studentId: number;
  nis: string | null;
  name: string;
  className: string;
  classGroupId: number;
  attemptId: number | null;
  status: AttemptRow['status'] | null;
  lastSeenAt: Date | null;
  deadline: Date | null;
  extensionSeconds: number | null;
  deviceChanges: number | null;
  takeoverRequestedAt: Date | null;
  submittedAt: Date | null;
  submittedBy: AttemptRow['submittedBy'];
  answered: number;
  flagged: number;
};

/** Every student of the assessment's classes (of `classIds` only, when given) with their latest attempt. */
export async function board(db: Executor, assessmentId: number, classIds: number[] | null) {
  const result = await db.execute<BoardRow>(sql`
    with takers as (
      select distinct on (s.id) s.id as student_id, s.nis, s.name, cg.name as class_name, cg.id as class_group_id
      from assessment_classes ac
      join enrollments e on e.class_group_id = ac.class_group_id
      join class_groups cg on cg.id = ac.class_group_id
      join students s on s.id = e.student_id
      where ac.assessment_id = ${assessmentId}
        ${classIds ? sql`and ac.class_group_id = any(${arrayParam(classIds)}::int[])` : sql``}
      order by s.id, e.ended_at is null desc
    ), latest as (
      select distinct on (t.student_id) t.* from attempts t
      where t.assessment_id = ${assessmentId}
      order by t.student_id, t.attempt_no desc
    )
    select k.student_id as "studentId", k.nis, k.name, k.class_name as "className",
      k.class_group_id as "classGroupId", t.id as "attemptId", t.status, t.last_seen_at as "lastSeenAt",
      (t.deadline_at + make_interval(secs => t.extension_seconds)) as deadline,
      t.extension_seconds as "extensionSeconds", t.device_changes as "deviceChanges",
      t.takeover_requested_at as "takeoverRequestedAt", t.submitted_at as "submittedAt",
      t.submitted_by as "submittedBy",
      coalesce((select count(*) from answers x where x.attempt_id = t.id), 0)::int as answered,
      coalesce((select count(*) from answers x where x.attempt_id = t.id and x.flagged), 0)::int as flagged
    from takers k left join latest t on t.student_id = k.student_id
    order by k.class_name, k.name`);
  return result.rows;
}

/** The assessments a control screen may list: formatives or summatives of the unit, scheduled or later, recent. */
export async function controlList(
  db: Executor,
  v: { unitId: number | null; kind: string | null; since: Date; ids: number[] | null },
) {
  const result = await db.execute<{
    id: number;
    kind: string;
    title: string;
    subjectName: string;
    gradeName: string;
    classNames: string[];
    opensAt: Date | null;
    closesAt: Date | null;
    durationMinutes: number | null;
    state: string;
    takers: number;
    working: number;
    submitted: number;
  }>(sql`
    select a.id, a.kind, a.title, sj.name as "subjectName", g.name as "gradeName",
      array(select cg.name from assessment_classes ac join class_groups cg on cg.id = ac.class_group_id
        where ac.assessment_id = a.id order by cg.name) as "classNames",
      a.opens_at as "opensAt", a.closes_at as "closesAt", a.duration_minutes as "durationMinutes", a.state,
      (select count(distinct e.student_id) from assessment_classes ac
        join enrollments e on e.class_group_id = ac.class_group_id and e.ended_at is null
        where ac.assessment_id = a.id)::int as takers,
      (select count(*) from attempts t where t.assessment_id = a.id and t.status = 'IN_PROGRESS')::int as working,
      (select count(distinct t.student_id) from attempts t where t.assessment_id = a.id
        and t.status <> 'IN_PROGRESS')::int as submitted
    from assessments a join subjects sj on sj.id = a.subject_id join grades g on g.id = a.grade_id
    where a.deleted_at is null and a.kind in ('FORMATIVE', 'SUMMATIVE')
      and a.state in ('SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED')
      and (a.closes_at is null or a.closes_at >= ${v.since})
      ${v.unitId === null ? sql`` : sql`and a.unit_id = ${v.unitId}`}
      ${v.kind ? sql`and a.kind = ${v.kind}` : sql``}
      ${v.ids ? sql`and a.id = any(${arrayParam(v.ids)}::int[])` : sql``}
    order by a.opens_at desc nulls last, a.id desc
    limit 200`);
  return result.rows;
}

/** The classes an employee proctors for an assessment (exam slots), or of every assessment when none is given. */
export async function proctoredSlots(db: Executor, employeeId: number, assessmentId?: number) {
  const result = await db.execute<{ assessmentId: number; classGroupId: number }>(sql`
    select assessment_id as "assessmentId", class_group_id as "classGroupId" from exam_slots
    where proctor_employee_id = ${employeeId}
      ${assessmentId === undefined ? sql`` : sql`and assessment_id = ${assessmentId}`}`);
  return result.rows;
}

export async function studentClassOfAssessment(db: Executor, assessmentId: number, studentId: number) {
  const result = await db.execute<{ classGroupId: number }>(sql`
    select ac.class_group_id as "classGroupId" from assessment_classes ac
    join enrollments e on e.class_group_id = ac.class_group_id and e.student_id = ${studentId}
    where ac.assessment_id = ${assessmentId}
    order by e.ended_at is null desc limit 1`);
  return result.rows[0]?.classGroupId;
}
