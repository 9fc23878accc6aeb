import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** The specification's getCurrentDateTimeJkt, plus the academic period of that day. */
export const TimeResponse = z.object({
  jkt: z.string(),
  date: z.string(),
  time: z.string(),
  timeZone: z.literal('Asia/Jakarta'),
  tapel: z.string(),
  semester: z.enum(SEMESTERS),
});
export type TimeResponse = z.infer<typeof TimeResponse>;

/** The foundation's schools, for the public landing page. */
export const PublicUnitsResponse = z.object({
  items: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type PublicUnitsResponse = z.infer<typeof PublicUnitsResponse>;
