import { z } from 'zod';
import { DIVISIONS } from '../domain/divisions.ts';
import { PageQuery } from './common.ts';

export const UserSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  division: z.enum(DIVISIONS),
  isActive: z.boolean(),
  unitCode: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UsersQuery = PageQuery.extend({
  division: z.enum(DIVISIONS).optional(),
});
export type UsersQuery = z.infer<typeof UsersQuery>;
