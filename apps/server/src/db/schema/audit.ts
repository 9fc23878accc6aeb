import { bigint, index, inet, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { clockStamp } from './columns.ts';

/** Append-only: a trigger (migration 0001) refuses UPDATE and DELETE. Written only through lib/audit.ts. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: clockStamp(),
    actorUserId: integer(),
    actorUsername: text(),
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: inet(),
    requestId: text(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
  ],
);
