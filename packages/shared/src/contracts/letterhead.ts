import { z } from 'zod';
import { dbId } from './common.ts';
import { paperEmail, paperNip, paperPhone } from './school.ts';

const optionalText = (label: string, max = 200) =>
  z.string().trim().max(max, `${label} maksimal ${max} karakter`).nullable().optional();

/** The foundation (yayasan): the letterhead and signature of papers about every unit. */
export const Foundation = z
  .object({
    name: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    chairName: z.string().nullable(),
    chairNip: z.string().nullable(),
    logoPath: z.string().nullable(),
  })
  .meta({ id: 'Foundation' });
export type Foundation = z.infer<typeof Foundation>;

export const FoundationUpdate = z.object({
  name: z.string().trim().min(1, 'Nama yayasan wajib diisi').max(200, 'Nama yayasan maksimal 200 karakter').optional(),
  address: optionalText('Alamat', 500),
  city: optionalText('Kota/tempat', 100),
  phone: paperPhone,
  email: paperEmail,
  chairName: optionalText('Ketua yayasan'),
  chairNip: paperNip('NIP ketua yayasan'),
});
export type FoundationUpdate = z.infer<typeof FoundationUpdate>;

/** Whose paper: a unit's (omitted = the foundation's, for papers about every unit). */
export const LetterheadQuery = z.object({ unitId: dbId('Unit').optional() });
export type LetterheadQuery = z.infer<typeof LetterheadQuery>;

/**
 * What the top and the bottom of a printed paper show: the letterhead (logo, foundation, school, NPSN,
 * address, phone, email) and the signature block (place, the school's date today, who signs).
 */
export const Letterhead = z
  .object({
    kind: z.enum(['UNIT', 'FOUNDATION']),
    foundationName: z.string(),
    /** the unit's name, or the foundation's for its own papers */
    name: z.string(),
    npsn: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    /** the logo's URL path, null = none */
    logoUrl: z.string().nullable(),
    signature: z.object({
      /** the place ("Bogor"), null = not set */
      place: z.string().nullable(),
      /** today on the school's clock (Asia/Jakarta), YYYY-MM-DD */
      date: z.string(),
      /** HEADMASTER (Kepala Sekolah) or CHAIR (Ketua Yayasan); the screen names it in the reader's language */
      role: z.enum(['HEADMASTER', 'CHAIR']),
      name: z.string().nullable(),
      nip: z.string().nullable(),
    }),
  })
  .meta({ id: 'Letterhead' });
export type Letterhead = z.infer<typeof Letterhead>;
