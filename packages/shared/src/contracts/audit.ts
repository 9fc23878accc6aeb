import { z } from 'zod';
import { dbId, PageQuery } from './common.ts';

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = PageQuery.extend({
  action: z.string().max(100).optional(),
  actor: z.string().max(64).optional(),
  entityType: z.string().max(50).optional(),
  entityId: z.string().max(50).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** entries by the account or about it (entity `user` with this id) */
  userId: dbId('Pengguna').optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
