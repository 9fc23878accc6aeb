/**
 * The workflow of an assessment (issue 12): the one table of its states, the actions between them and who may
 * take each. The server's service asks `transition` before it writes; the web asks `allowedActions` to show
 * buttons. Nothing here reads a database or the clock.
 */

export const ASSESSMENT_KINDS = ['TASK', 'FORMATIVE', 'SUMMATIVE', 'SELECTION'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

export const ASSESSMENT_STATES = [
  'DRAFT',
  'SUBMITTED',
  'RETURNED',
  'APPROVED',
  'SCHEDULED',
  'OPEN',
  'CLOSED',
  'GRADED',
  'PUBLISHED',
] as const;
export type AssessmentState = (typeof ASSESSMENT_STATES)[number];

export const ASSESSMENT_ACTIONS = [
  'submit',
  'return',
  'approve',
  'schedule',
  'open',
  'close',
  'grade',
  'publish',
] as const;
export type AssessmentAction = (typeof ASSESSMENT_ACTIONS)[number];

/**
 * The roles a caller holds on one assessment: `author` (the teacher who wrote it), `checker` (the curriculum
 * deputy of its unit: assessment.check) and `scheduler` (who sets exam times in the unit: assessment.schedule).
 */
export type AssessmentRole = 'author' | 'checker' | 'scheduler';

interface Step {
  from: readonly AssessmentState[];
  to: AssessmentState;
  by: readonly AssessmentRole[];
  /** the action needs a note (the reason a checker returns it) */
  note?: true;
}

/** The allowed transitions: the whole workflow in one table. */
export const ASSESSMENT_TRANSITIONS: Record<AssessmentAction, Step> = {
  submit: { from: ['DRAFT', 'RETURNED'], to: 'SUBMITTED', by: ['author'] },
  return: { from: ['SUBMITTED'], to: 'RETURNED', by: ['checker'], note: true },
  approve: { from: ['SUBMITTED'], to: 'APPROVED', by: ['checker'] },
  schedule: { from: ['APPROVED', 'SCHEDULED'], to: 'SCHEDULED', by: ['author', 'checker', 'scheduler'] },
  open: { from: ['SCHEDULED'], to: 'OPEN', by: ['author', 'checker', 'scheduler'] },
  close: { from: ['SCHEDULED', 'OPEN'], to: 'CLOSED', by: ['author', 'checker', 'scheduler'] },
  grade: { from: ['CLOSED'], to: 'GRADED', by: ['author'] },
  publish: { from: ['GRADED'], to: 'PUBLISHED', by: ['author', 'checker'] },
};

/** Whether an assessment of the kind goes to the checker before it is approved (a formative: the unit decides). */
export function needsCheck(kind: AssessmentKind, formativeNeedsCheck: boolean): boolean {
  return kind === 'FORMATIVE' ? formativeNeedsCheck : true;
}

/**
 * Who schedules: a teacher schedules their own task or quiz; a summative or selection test is put on the exam
 * schedule by the curriculum deputy or the exam staff.
 */
const schedulers = (kind: AssessmentKind): readonly AssessmentRole[] =>
  kind === 'TASK' || kind === 'FORMATIVE' ? ['author', 'checker', 'scheduler'] : ['checker', 'scheduler'];

/** The states an author may still edit the assessment in. */
export const EDITABLE_STATES: readonly AssessmentState[] = ['DRAFT', 'RETURNED'];

export interface TransitionContext {
  kind: AssessmentKind;
  state: AssessmentState;
  roles: readonly AssessmentRole[];
  formativeNeedsCheck: boolean;
}

export type TransitionResult =
  { ok: true; to: AssessmentState } | { ok: false; reason: 'STATE' | 'ROLE'; message: string };

export const ASSESSMENT_STATE_LABELS: Record<AssessmentState, { id: string; en: string }> = {
  DRAFT: { id: 'Draf', en: 'Draft' },
  SUBMITTED: { id: 'Diajukan', en: 'Submitted' },
  RETURNED: { id: 'Dikembalikan', en: 'Returned' },
  APPROVED: { id: 'Disetujui', en: 'Approved' },
  SCHEDULED: { id: 'Terjadwal', en: 'Scheduled' },
  OPEN: { id: 'Dibuka', en: 'Open' },
  CLOSED: { id: 'Ditutup', en: 'Closed' },
  GRADED: { id: 'Dinilai', en: 'Graded' },
  PUBLISHED: { id: 'Diumumkan', en: 'Published' },
};

const ACTION_LABELS: Record<AssessmentAction, string> = {
  submit: 'diajukan',
  return: 'dikembalikan',
  approve: 'disetujui',
  schedule: 'dijadwalkan',
  open: 'dibuka',
  close: 'ditutup',
  grade: 'dinilai',
  publish: 'diumumkan',
};

/** Where the action leads from the context, or why it may not be taken. */
export function transition(action: AssessmentAction, c: TransitionContext): TransitionResult {
  const step = ASSESSMENT_TRANSITIONS[action];
  if (!step.from.includes(c.state)) {
    return {
      ok: false,
      reason: 'STATE',
      message: `Penilaian berstatus ${ASSESSMENT_STATE_LABELS[c.state].id} tidak dapat ${ACTION_LABELS[action]}`,
    };
  }
  const by = action === 'schedule' || action === 'open' ? schedulers(c.kind) : step.by;
  if (!by.some((r) => c.roles.includes(r))) {
    return { ok: false, reason: 'ROLE', message: `Anda tidak berhak membuat penilaian ini ${ACTION_LABELS[action]}` };
  }
  // a kind that needs no check is approved as it is submitted
  const to = action === 'submit' && !needsCheck(c.kind, c.formativeNeedsCheck) ? 'APPROVED' : step.to;
  return { ok: true, to };
}

/** The actions the caller may take now (the buttons an assessment offers). */
export function allowedActions(c: TransitionContext): AssessmentAction[] {
  return ASSESSMENT_ACTIONS.filter((a) => transition(a, c).ok);
}

/** Whether an action needs a note (a return says what to fix). */
export const needsNote = (action: AssessmentAction) => !!ASSESSMENT_TRANSITIONS[action].note;

/**
 * The state as it is now: a scheduled assessment opens at its opening time and closes at its closing time by
 * itself, without anyone writing it (the stored state catches up at the next transition).
 */
export function effectiveState(
  state: AssessmentState,
  window: { opensAt: Date | null; closesAt: Date | null },
  now: Date,
): AssessmentState {
  if (state !== 'SCHEDULED' && state !== 'OPEN') return state;
  if (window.closesAt && now >= window.closesAt) return 'CLOSED';
  if (state === 'SCHEDULED' && window.opensAt && now >= window.opensAt) return 'OPEN';
  return state;
}
