import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { OutboxQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { outboxDeliveries, outboxMessages } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/sql.ts';

const messageColumns = {
  id: outboxMessages.id,
  channel: outboxMessages.channel,
  recipient: outboxMessages.recipient,
  recipientName: outboxMessages.recipientName,
  topic: outboxMessages.topic,
  subject: outboxMessages.subject,
  body: outboxMessages.body,
  state: outboxMessages.state,
  attempts: outboxMessages.attempts,
  nextAttemptAt: outboxMessages.nextAttemptAt,
  lastError: outboxMessages.lastError,
  createdAt: outboxMessages.createdAt,
  sentAt: outboxMessages.sentAt,
};
type MessageRow = { nextAttemptAt: Date; createdAt: Date; sentAt: Date | null };

const toApi = <T extends MessageRow>(r: T) => ({
  ...r,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
});

/** The outbox, newest first, with filters (state, channel, topic, dates in Asia/Jakarta, a search of recipients). */
export async function listOutbox(db: Executor, q: OutboxQuery) {
  const where: SQL[] = [];
  if (q.state) where.push(eq(outboxMessages.state, q.state));
  if (q.channel) where.push(eq(outboxMessages.channel, q.channel));
  if (q.topic) where.push(eq(outboxMessages.topic, q.topic));
  if (q.from) where.push(gte(outboxMessages.createdAt, sql`(${q.from}::date)::timestamp at time zone 'Asia/Jakarta'`));
  if (q.to) where.push(lt(outboxMessages.createdAt, sql`((${q.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')`));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    where.push(
      sql`(${outboxMessages.recipient} ilike ${like} or ${outboxMessages.recipientName} ilike ${like} or ${outboxMessages.subject} ilike ${like})`,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(outboxMessages)
      .where(filter)
      .orderBy(q.sort === 'createdAt' ? asc(outboxMessages.id) : desc(outboxMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(outboxMessages).where(filter),
  ]);
  return { items: rows.map(toApi), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** A failed message back to pending, due now, with its attempts counted afresh; false when it is not failed. */
export async function retryFailed(db: Executor, id: number, now: Date) {
  const done = await db
    .update(outboxMessages)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: now })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.state, 'failed')))
    .returning({ id: outboxMessages.id });
  return done.length > 0;
}

/** One message with its delivery log, oldest attempt first. */
export async function findOutboxMessage(db: Executor, id: number) {
  const [row] = await db.select(messageColumns).from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) return null;
  const deliveries = await db
    .select({
      id: outboxDeliveries.id,
      attempt: outboxDeliveries.attempt,
      at: outboxDeliveries.at,
      provider: outboxDeliveries.provider,
      ok: outboxDeliveries.ok,
      detail: outboxDeliveries.detail,
      durationMs: outboxDeliveries.durationMs,
    })
    .from(outboxDeliveries)
    .where(eq(outboxDeliveries.messageId, id))
    .orderBy(asc(outboxDeliveries.attempt), asc(outboxDeliveries.id));
  return { ...toApi(row), deliveries: deliveries.map((d) => ({ ...d, at: d.at.toISOString() })) };
}
