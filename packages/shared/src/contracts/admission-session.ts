import { z } from 'zod';
import { APPLICANT_STATES } from '../domain/admission.ts';

/** `SPMB/SMP/2027/0001`: what the parents were given at registration (case and spaces forgiven). */
export const REG_NO_PATTERN = /^SPMB\/[A-Z0-9]{1,10}\/\d{4}\/\d{4,6}$/;

export const ApplicantSignInRequest = z.object({
  regNo: z
    .string()
    .trim()
    .toUpperCase()
    .max(40, 'Nomor pendaftaran terlalu panjang')
    .regex(REG_NO_PATTERN, 'Nomor pendaftaran tidak dikenali (contoh: SPMB/SMP/2027/0001)'),
  pin: z.string().regex(/^\d{6}$/, 'PIN terdiri dari 6 angka'),
});
export type ApplicantSignInRequest = z.infer<typeof ApplicantSignInRequest>;

/** The signed-in applicant, as the public pages show it; the CSRF token goes with every change. */
export const ApplicantSessionResponse = z.object({
  applicant: z.object({
    id: z.number().int(),
    regNo: z.string(),
    name: z.string(),
    state: z.enum(APPLICANT_STATES),
    waveId: z.number().int(),
    unitId: z.number().int(),
  }),
  csrfToken: z.string(),
});
export type ApplicantSessionResponse = z.infer<typeof ApplicantSessionResponse>;
