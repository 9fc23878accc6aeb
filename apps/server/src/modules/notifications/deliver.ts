import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxDeliveries } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import type { OutgoingMessage, Providers } from './providers.ts';

export interface DeliveryOptions {
  /** attempts before a message is given up (state `failed`) */
  maxAttempts: number;
  /** the wait before the first retry; each further retry waits twice as long (capped at a day) */
  retrySeconds: number;
  /** messages claimed per run */
  batch?: number;
}

/** How long a claimed message stays with its worker before another may take it (a worker that died). */
const CLAIM_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 86_400;

export const backoffSeconds = (attempt: number, base: number) =>
  Math.min(MAX_BACKOFF_SECONDS, base * 2 ** Math.max(0, attempt - 1));

/**
 * Sends the messages that are due, a batch at a time, until none is due. Each message is claimed with
 * `FOR UPDATE SKIP LOCKED` (state `sending`, its attempt counted), so two servers never send one message twice
 * at once; a claim left by a worker that died is taken again after five minutes. Every attempt is written to the
 * delivery log; a failure waits `retrySeconds * 2^(attempt-1)` and after `maxAttempts` the message is `failed`.
 * Returns how many messages were sent and how many attempts failed.
 */
export async function deliverDue(db: Database, providers: Providers, options: DeliveryOptions) {
  const batch = options.batch ?? 50;
  let sent = 0;
  let failed = 0;
  for (;;) {
    const now = clock.now();
    const claimed = await db.execute<OutgoingMessage & { attempts: number; [k: string]: unknown }>(sql`
      update outbox_messages m set state = 'sending', attempts = m.attempts + 1,
        next_attempt_at = ${now}::timestamptz + make_interval(secs => ${CLAIM_SECONDS})
      where m.id in (
        select id from outbox_messages
        where state in ('pending', 'sending') and next_attempt_at <= ${now}
        order by next_attempt_at, id
        limit ${batch}
        for update skip locked)
      returning m.id, m.channel, m.recipient, m.recipient_name as "recipientName", m.subject, m.body, m.attempts`);
    if (claimed.rows.length === 0) break;
    for (const m of claimed.rows) {
      const provider = providers[m.channel];
      const started = Date.now();
      let outcome: { ok: true; ref: string | null } | { ok: false; error: string };
      try {
        outcome = { ok: true, ref: await provider.send(m) };
      } catch (err) {
        outcome = { ok: false, error: (err instanceof Error ? err.message : String(err)).slice(0, 1000) };
      }
      const durationMs = Date.now() - started;
      const at = clock.now();
      await db.transaction(async (tx) => {
        await tx.insert(outboxDeliveries).values({
          messageId: m.id,
          attempt: m.attempts,
          at,
          provider: provider.name,
          ok: outcome.ok ? 'sent' : 'error',
          detail: outcome.ok ? outcome.ref : outcome.error,
          durationMs,
        });
        if (outcome.ok) {
          await tx.execute(sql`
            update outbox_messages set state = 'sent', sent_at = ${at}, last_error = null where id = ${m.id}`);
        } else {
          const giveUp = m.attempts >= options.maxAttempts;
          const next = new Date(at.getTime() + backoffSeconds(m.attempts, options.retrySeconds) * 1000);
          await tx.execute(sql`
            update outbox_messages set state = ${giveUp ? 'failed' : 'pending'}, last_error = ${outcome.error},
              next_attempt_at = ${giveUp ? at : next}
            where id = ${m.id}`);
        }
      });
      if (outcome.ok) sent++;
      else failed++;
    }
    if (claimed.rows.length < batch) break;
  }
  return { sent, failed };
}
