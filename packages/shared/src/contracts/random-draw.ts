import { z } from 'zod';
import { MAX_DRAW_SEED } from './admission-selection.ts';
import { dbId } from './common.ts';

/** pick: N students drawn from the class; groups: the whole class split into N groups */
export const RANDOM_DRAW_MODES = ['pick', 'groups'] as const;
export type RandomDrawMode = (typeof RANDOM_DRAW_MODES)[number];

export const RandomDrawQuery = z.object({
  classGroupId: dbId('Kelas'),
  mode: z.enum(RANDOM_DRAW_MODES, { error: 'Jenis undian tidak valid' }),
  count: z.coerce
    .number({ error: 'Jumlah wajib diisi' })
    .int('Jumlah harus bilangan bulat')
    .min(1, 'Jumlah minimal 1')
    .max(200, 'Jumlah maksimal 200'),
  /** none: a new seed is chosen and answered, so the draw can be repeated */
  seed: z.coerce
    .number({ error: 'Kode acak harus bilangan bulat' })
    .int('Kode acak harus bilangan bulat')
    .min(1, 'Kode acak minimal 1')
    .max(MAX_DRAW_SEED, 'Kode acak terlalu besar')
    .optional(),
});
export type RandomDrawQuery = z.infer<typeof RandomDrawQuery>;

export const RandomDrawStudent = z.object({ id: z.number().int(), nis: z.string(), name: z.string() });
export type RandomDrawStudent = z.infer<typeof RandomDrawStudent>;

export const RandomDrawResult = z.object({
  seed: z.number().int(),
  mode: z.enum(RANDOM_DRAW_MODES),
  count: z.number().int(),
  classGroup: z.object({ id: z.number().int(), name: z.string(), unitCode: z.string(), academicYearName: z.string() }),
  /** students in the class when drawn */
  classSize: z.number().int(),
  /** pick: one group (the drawn students, in draw order); groups: N groups */
  groups: z.array(z.object({ number: z.number().int(), students: z.array(RandomDrawStudent) })),
});
export type RandomDrawResult = z.infer<typeof RandomDrawResult>;
