import { z } from 'zod';
import { PageQuery } from './common.ts';

/** The notification outbox (issue 18): messages waiting for, or done with, delivery. */
export const OUTBOX_CHANNELS = ['whatsapp', 'email', 'log'] as const;
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export const OUTBOX_TOPICS = [
  'exam.schedule',
  'bill.due',
  'leave.decision',
  'discipline.letter',
  'rapor.reminder',
] as const;

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  recipientName: z.string().nullable(),
  topic: z.enum(OUTBOX_TOPICS),
  subject: z.string(),
  body: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxDelivery = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  at: z.string(),
  provider: z.string(),
  ok: z.enum(['sent', 'error']),
  detail: z.string().nullable(),
  durationMs: z.number().int(),
});
export type OutboxDelivery = z.infer<typeof OutboxDelivery>;

export const OutboxMessageDetail = OutboxMessage.extend({ deliveries: z.array(OutboxDelivery) });
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetail>;

export const OutboxQuery = PageQuery.extend({
  state: z.enum(OUTBOX_STATES).optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  topic: z.enum(OUTBOX_TOPICS).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;
