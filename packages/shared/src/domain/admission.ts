/**
 * New-student admission (SPMB, formerly PPDB): the applicant's states and the moves between them, one
 * definition for the server (which refuses any other move) and the screens (which offer only these).
 *
 * DRAFT -> REGISTERED -> VERIFIED -> TESTED -> ACCEPTED | WAITLISTED | REJECTED -> REREGISTERED;
 * WAITLISTED -> ACCEPTED | REJECTED; any state before REREGISTERED -> WITHDRAWN.
 */
export const APPLICANT_STATES = [
  'DRAFT',
  'REGISTERED',
  'VERIFIED',
  'TESTED',
  'ACCEPTED',
  'WAITLISTED',
  'REJECTED',
  'REREGISTERED',
  'WITHDRAWN',
] as const;
export type ApplicantState = (typeof APPLICANT_STATES)[number];

export const APPLICANT_STATE_LABELS: Record<ApplicantState, { id: string; en: string }> = {
  DRAFT: { id: 'Draf', en: 'Draft' },
  REGISTERED: { id: 'Terdaftar', en: 'Registered' },
  VERIFIED: { id: 'Terverifikasi', en: 'Verified' },
  TESTED: { id: 'Sudah tes', en: 'Tested' },
  ACCEPTED: { id: 'Diterima', en: 'Accepted' },
  WAITLISTED: { id: 'Cadangan', en: 'Waitlisted' },
  REJECTED: { id: 'Tidak diterima', en: 'Rejected' },
  REREGISTERED: { id: 'Daftar ulang', en: 'Re-registered' },
  WITHDRAWN: { id: 'Mengundurkan diri', en: 'Withdrawn' },
};

const MOVES: Record<ApplicantState, readonly ApplicantState[]> = {
  DRAFT: ['REGISTERED', 'WITHDRAWN'],
  REGISTERED: ['VERIFIED', 'WITHDRAWN'],
  VERIFIED: ['TESTED', 'WITHDRAWN'],
  TESTED: ['ACCEPTED', 'WAITLISTED', 'REJECTED', 'WITHDRAWN'],
  ACCEPTED: ['REREGISTERED', 'WITHDRAWN'],
  WAITLISTED: ['ACCEPTED', 'REJECTED', 'WITHDRAWN'],
  REJECTED: [],
  REREGISTERED: [],
  WITHDRAWN: [],
};

/** The states an applicant in `from` may move to next. */
export const nextApplicantStates = (from: ApplicantState): readonly ApplicantState[] => MOVES[from];

export const canMoveApplicant = (from: ApplicantState, to: ApplicantState): boolean => MOVES[from].includes(to);

/** The documents an applicant uploads; PHOTO is required to be an image. */
export const APPLICANT_DOCUMENT_KINDS = ['BIRTH_CERT', 'FAMILY_CARD', 'REPORT_CARD', 'PHOTO', 'OTHER'] as const;
export type ApplicantDocumentKind = (typeof APPLICANT_DOCUMENT_KINDS)[number];

export const APPLICANT_DOCUMENT_LABELS: Record<ApplicantDocumentKind, { id: string; en: string }> = {
  BIRTH_CERT: { id: 'Akta kelahiran', en: 'Birth certificate' },
  FAMILY_CARD: { id: 'Kartu keluarga', en: 'Family card' },
  REPORT_CARD: { id: 'Rapor', en: 'Report card' },
  PHOTO: { id: 'Pas foto', en: 'Photo' },
  OTHER: { id: 'Dokumen lain', en: 'Other document' },
};

/** A document's check by the staff (TU) during verification. */
export const DOCUMENT_CHECKS = ['PENDING', 'OK', 'REJECTED'] as const;
export type DocumentCheck = (typeof DOCUMENT_CHECKS)[number];

/** The applicant's sign-in cookie (registration number and PIN), apart from the staff's session cookie. */
export const APPLICANT_COOKIE = 'mms_applicant';

/**
 * Ranks a wave's tested applicants: higher score first (exact fractions compared by cross-multiplying), then the
 * earlier registration; those within the quota are above the line. Applicants without a score come last.
 */
export interface RankInput {
  id: number;
  scoreNum: number | null;
  scoreDen: number | null;
  registeredAt: string;
}
export interface RankRow extends RankInput {
  rank: number;
  withinQuota: boolean;
}
export function rankApplicants(rows: readonly RankInput[], quota: number): RankRow[] {
  const scored = (r: RankInput) => r.scoreNum !== null && r.scoreDen !== null && r.scoreDen > 0;
  const sorted = [...rows].sort((a, b) => {
    if (scored(a) !== scored(b)) return scored(a) ? -1 : 1;
    if (scored(a) && scored(b)) {
      const diff = b.scoreNum! * a.scoreDen! - a.scoreNum! * b.scoreDen!;
      if (diff !== 0) return diff;
    }
    return a.registeredAt < b.registeredAt ? -1 : a.registeredAt > b.registeredAt ? 1 : a.id - b.id;
  });
  return sorted.map((r, i) => ({ ...r, rank: i + 1, withinQuota: scored(r) && i < quota }));
}
