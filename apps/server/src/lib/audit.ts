import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { clock } from './clock.ts';

export interface AuditActor {
  userId: number | null;
  username: string | null;
  ip: string | null;
  requestId: string | null;
}

export interface AuditEntryInput {
  action: string;
  entityType?: string;
  entityId?: string | number;
  before?: unknown;
  after?: unknown;
}

const SECRET_KEYS = /password|hash|token|secret/i;

/** Copies a record for the log without its secrets (password hashes, tokens). */
function scrub(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEYS.test(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

export function actorOf(request: FastifyRequest): AuditActor {
  return {
    userId: request.auth?.user.id ?? null,
    // A call with an API token is recorded with the token's name beside the account it acts as.
    username: request.auth
      ? request.auth.token
        ? `${request.auth.user.username} [token: ${request.auth.token.name}]`
        : request.auth.user.username
      : null,
    ip: request.ip ?? null,
    requestId: request.id,
  };
}

/**
 * The one way to write the audit log. Pass the transaction of the change so the entry
 * commits or rolls back with it.
 */
export async function audit(exec: Executor, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await exec.insert(auditLog).values({
    actorUserId: actor.userId,
    actorUsername: actor.username,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    before: scrub(entry.before),
    after: scrub(entry.after),
    ip: actor.ip,
    requestId: actor.requestId,
    // MMS's clock, not the database's: the viewer filters by Jakarta dates of that clock (MMS_NOW in tests)
    at: clock.now(),
  });
}

/** What an audited change records beside the write itself. */
export interface AuditedChange<T> {
  action: string;
  entityType: string;
  /** the row's id; by default the result's `id`, or the result itself when the write returns the new id */
  entityId?: string | number | ((result: T) => string | number);
  /** the row before the change (for a change or a removal), read in the same transaction */
  before?: unknown;
  /** what the change left: a value, or a function of the write's result; by default the result itself */
  after?: ((result: T) => unknown) | object | string | number | boolean | null;
}

function defaultEntityId(result: unknown): string | number | undefined {
  if (typeof result === 'number' || typeof result === 'string') return result;
  if (result && typeof result === 'object' && 'id' in result) {
    const id = (result as { id: unknown }).id;
    if (typeof id === 'number' || typeof id === 'string') return id;
  }
  return undefined;
}

/**
 * "Change with audit" in one call: runs `write` on the caller's transaction and writes its audit entry on the
 * same executor, so the entry commits or rolls back with the change. Checks (access, conflicts) come before, in
 * the same transaction; `before` is the row they read. Returns what `write` returned.
 *
 *   const row = await audited(tx, actor, { action: 'discipline.rule.update', entityType: 'violation_rule',
 *     entityId: id, before }, () => repo.updateRule(tx, id, input));
 */
export async function audited<T>(
  exec: Executor,
  actor: AuditActor,
  change: AuditedChange<T>,
  write: () => Promise<T>,
): Promise<T> {
  const result = await write();
  const entityId = typeof change.entityId === 'function' ? change.entityId(result) : change.entityId;
  const after = !('after' in change)
    ? result
    : typeof change.after === 'function'
      ? change.after(result)
      : change.after;
  await audit(exec, actor, {
    action: change.action,
    entityType: change.entityType,
    entityId: entityId ?? defaultEntityId(result),
    before: change.before,
    after,
  });
  return result;
}
