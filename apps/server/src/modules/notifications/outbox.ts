import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import { deliverOutboxSoon } from '../../jobs/names.ts';
import { clock } from '../../lib/clock.ts';
import { activeStudentsOfClass } from '../school/school.service.ts';
import { billDueText, disciplineLetterText, examScheduledText, leaveDecidedText } from './notice-template.ts';

/**
 * Writing to the notification outbox (issue 18). Callers pass their own transaction: the message is written with
 * the change that causes it, or not at all; the `outbox-deliver` job sends it a moment later
 * (`deliverOutboxSoon`) or at its next minute's tick (deliver.ts).
 */

export type OutboxTopic = (typeof outboxMessages.$inferInsert)['topic'];

/** Someone to tell: a name and whatever addresses the records have. */
export interface Contact {
  name: string | null;
  phone?: string | null;
  email?: string | null;
  userId?: number | null;
}

export interface Notice {
  topic: OutboxTopic;
  subject: string;
  body: string;
  /** one message per key and channel, ever (for messages that a job writes, such as a bill falling due) */
  dedupeKey?: string;
}

const clean = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/**
 * One message per address of each contact: WhatsApp to a phone, e-mail to an address; a contact with neither gets
 * a `log` message (shown in the outbox, delivered to the server log) so that nothing is lost silently.
 * Returns how many messages were written (a repeated dedupe key writes none).
 */
export async function notify(tx: Executor, contacts: Contact[], notice: Notice): Promise<number> {
  const rows: (typeof outboxMessages.$inferInsert)[] = [];
  const now = clock.now();
  for (const c of contacts) {
    const base = {
      recipientName: clean(c.name),
      recipientUserId: c.userId ?? null,
      topic: notice.topic,
      subject: notice.subject,
      body: notice.body,
      dedupeKey: notice.dedupeKey ?? null,
      nextAttemptAt: now,
      createdAt: now,
    };
    const phone = clean(c.phone);
    const email = clean(c.email);
    if (phone) rows.push({ ...base, channel: 'whatsapp', recipient: phone });
    if (email) rows.push({ ...base, channel: 'email', recipient: email });
    if (!phone && !email) rows.push({ ...base, channel: 'log', recipient: clean(c.name) ?? '-' });
  }
  if (rows.length === 0) return 0;
  const written = await tx
    .insert(outboxMessages)
    .values(rows)
    .onConflictDoNothing({
      target: [outboxMessages.dedupeKey, outboxMessages.channel],
      where: sql`${outboxMessages.dedupeKey} is not null`,
    })
    .returning({ id: outboxMessages.id });
  if (written.length > 0) await deliverOutboxSoon();
  return written.length;
}

// ---------- who to tell ----------

/** The students enrolled in a class now, with their own phone (the student's contact). */
export async function studentsOfClass(tx: Executor, classGroupId: number): Promise<Contact[]> {
  const rows = await activeStudentsOfClass(tx, classGroupId, 'name');
  return rows.map(({ name, phone, userId }) => ({ name, phone, userId }));
}

/** A student's parent (father, else mother, else guardian) with the parent's phone, else the student's own. */
export async function parentOf(tx: Executor, studentId: number): Promise<Contact | null> {
  const result = await tx.execute<{ name: string; phone: string | null }>(sql`
    select coalesce(s.father_name, s.mother_name, s.guardian_name, 'Orang tua/wali ' || s.name) as name,
      coalesce(s.parent_phone, s.phone) as phone
    from students s where s.id = ${studentId}`);
  return result.rows[0] ?? null;
}

/** A user with the phone and e-mail of their student or employee record. */
export async function userContact(tx: Executor, userId: number): Promise<Contact | null> {
  const result = await tx.execute<{ name: string; phone: string | null; email: string | null; userId: number }>(sql`
    select u.display_name as name, coalesce(s.phone, e.phone) as phone, e.email, u.id as "userId"
    from users u
    left join students s on s.user_id = u.id
    left join employees e on e.user_id = u.id
    where u.id = ${userId}`);
  return result.rows[0] ?? null;
}

// ---------- the messages ----------

/** An exam of a class was scheduled in a session and room: its students are told. */
export async function notifyExamScheduled(tx: Executor, slotId: number): Promise<number> {
  const result = await tx.execute<{
    classGroupId: number;
    title: string;
    date: string;
    startsAt: string;
    endsAt: string;
    room: string;
    session: string;
  }>(sql`
    select sl.class_group_id as "classGroupId", a.title, se.date::text as date,
      to_char(se.starts_at, 'HH24:MI') as "startsAt", to_char(se.ends_at, 'HH24:MI') as "endsAt",
      r.name as room, se.name as session
    from exam_slots sl
    join assessments a on a.id = sl.assessment_id
    join exam_sessions se on se.id = sl.session_id
    join exam_rooms r on r.id = sl.room_id
    where sl.id = ${slotId}`);
  const s = result.rows[0];
  if (!s) return 0;
  const students = await studentsOfClass(tx, s.classGroupId);
  return notify(tx, students, { topic: 'exam.schedule', ...examScheduledText(s) });
}

/** A leave request was decided: the person who asked is told. */
export async function notifyLeaveDecided(
  tx: Executor,
  leave: { requestedByUserId: number | null; startDate: string; endDate: string; kind: string },
  decision: 'approved' | 'rejected',
  note: string | null,
): Promise<number> {
  if (leave.requestedByUserId === null) return 0;
  const who = await userContact(tx, leave.requestedByUserId);
  if (!who) return 0;
  return notify(tx, [who], {
    topic: 'leave.decision',
    ...leaveDecidedText({ ...leave, approved: decision === 'approved', note }),
  });
}

/** A sanction was confirmed, which issues its letter (surat pemberitahuan): the parent is told. */
export async function notifyDisciplineLetter(tx: Executor, sanctionId: number): Promise<number> {
  const result = await tx.execute<{ studentId: number; studentName: string; kind: string; title: string }>(sql`
    select s.student_id as "studentId", st.name as "studentName", s.kind, s.title
    from sanctions s join students st on st.id = s.student_id where s.id = ${sanctionId}`);
  const s = result.rows[0];
  if (!s) return 0;
  const parent = await parentOf(tx, s.studentId);
  if (!parent) return 0;
  return notify(tx, [parent], { topic: 'discipline.letter', ...disciplineLetterText(s) });
}

/**
 * Bills that fall due today (or fell due in the past week while nothing told anyone): the student's parent is
 * told once per bill (the dedupe key), in one transaction with nothing else to change. Returns messages written.
 */
export async function notifyBillsDue(tx: Executor): Promise<number> {
  const today = clock.today();
  const result = await tx.execute<{
    id: number;
    studentId: number;
    studentName: string;
    component: string;
    period: string;
    due: number;
    dueDate: string;
  }>(sql`
    select b.id, b.student_id as "studentId", st.name as "studentName", c.name as component, b.period,
      (b.amount - b.discount - b.paid)::int as due, b.due_date::text as "dueDate"
    from bills b join students st on st.id = b.student_id join payment_components c on c.id = b.component_id
    where b.status in ('UNPAID', 'PARTIAL') and b.due_date <= ${today}::date and b.due_date > ${today}::date - 7
      and b.amount - b.discount - b.paid > 0
      and not exists (select 1 from outbox_messages m where m.dedupe_key = 'bill.due:' || b.id)
    order by b.id
    limit 5000`);
  let written = 0;
  for (const b of result.rows) {
    const parent = await parentOf(tx, b.studentId);
    if (!parent) continue;
    written += await notify(tx, [parent], { topic: 'bill.due', ...billDueText(b), dedupeKey: `bill.due:${b.id}` });
  }
  return written;
}
