import { ApplicantForm, type ApplicantDetail } from '@mms/shared';
import { issueErrors } from '../../lib/validation.ts';

/** The form's fields as the inputs hold them (text; empty = not given). */
export const FORM_FIELDS = [
  'name',
  'gender',
  'nik',
  'nisn',
  'birthPlace',
  'birthDate',
  'religion',
  'address',
  'phone',
  'email',
  'boarding',
  'program',
  'fatherName',
  'fatherPhone',
  'fatherJob',
  'motherName',
  'motherPhone',
  'motherJob',
  'guardianName',
  'guardianPhone',
  'guardianRelation',
  'previousSchool',
  'previousSchoolNpsn',
  'notes',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Record<FormField, string>;

export const emptyForm = (): FormValues => Object.fromEntries(FORM_FIELDS.map((k) => [k, ''])) as FormValues;

export const formOf = (a: Partial<ApplicantDetail>): FormValues =>
  Object.fromEntries(FORM_FIELDS.map((k) => [k, (a[k] as string | null | undefined) ?? ''])) as FormValues;

/**
 * The values as the contract takes them (empty choices and dates as null), checked with the same contract the
 * server uses: `{ ok, value }` or `{ ok: false, errors }` keyed by field, in the reader's language.
 */
export function checkForm(values: FormValues) {
  const input = {
    ...values,
    gender: values.gender || null,
    boarding: values.boarding || null,
    birthDate: values.birthDate || null,
  };
  const parsed = ApplicantForm.safeParse(input);
  if (parsed.success) return { ok: true as const, value: parsed.data };
  return { ok: false as const, errors: issueErrors(parsed.error) };
}
