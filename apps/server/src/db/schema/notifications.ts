import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { clockStamp } from './columns.ts';

/**
 * The notification outbox (issue 18): a message to a student, a parent or a member of staff, written in the same
 * transaction as the change that causes it and delivered later by the `outbox-deliver` job through a provider
 * (WhatsApp gateway, SMTP, log). `dedupeKey` makes a message that a job writes (a bill falling due) once only.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text({ enum: ['whatsapp', 'email', 'log'] }).notNull(),
    /** a phone number (whatsapp), an e-mail address (email), or a name (log) */
    recipient: text().notNull(),
    recipientName: text(),
    recipientUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    topic: text({
      enum: ['exam.schedule', 'bill.due', 'leave.decision', 'discipline.letter', 'rapor.reminder'],
    }).notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    state: text({ enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: clockStamp(),
    lastError: text(),
    dedupeKey: text(),
    createdAt: clockStamp(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('outbox_messages_created_idx').on(t.createdAt),
    uniqueIndex('outbox_messages_dedupe_uq')
      .on(t.dedupeKey, t.channel)
      .where(sql`${t.dedupeKey} is not null`),
    check('outbox_messages_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);

/** One delivery attempt of an outbox message: when, through which provider, and what came of it. */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    at: clockStamp(),
    provider: text().notNull(),
    ok: text({ enum: ['sent', 'error'] }).notNull(),
    /** the provider's answer: a message id, or the error */
    detail: text(),
    durationMs: integer().notNull(),
  },
  (t) => [index('outbox_deliveries_message_idx').on(t.messageId, t.attempt)],
);
