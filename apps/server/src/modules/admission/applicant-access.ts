import { userCan } from '../../lib/scope.ts';
import { never, rowsOf, type RowRule } from '../access/row-rule.ts';

const NEEDS = { read: 'admission.manage', decide: 'admission.decide' } as const;

/**
 * The applicant kind (issue 38 part 1, for the selection test's staff routes): an applicant of the actor's unit,
 * read by the admission committee (admission.manage: their test, its answers and corrections), decided on by the
 * principal (admission.decide: accept, waitlist, reject). Nobody else reaches an applicant's row.
 */
export const applicantRule: RowRule<'read' | 'decide'> = {
  noun: 'Pendaftar',
  ...rowsOf('applicants', 'ap'),
  reach: (_exec, actor, action) => Promise.resolve(userCan(actor, NEEDS[action]) ? null : never),
  denied: (action) =>
    action === 'decide'
      ? 'Hanya kepala sekolah yang dapat memutuskan penerimaan pendaftar'
      : 'Hanya panitia penerimaan yang dapat melihat data pendaftar',
};
