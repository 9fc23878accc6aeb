import { toJakarta, type Assessment, type AssessmentKind } from '@mms/shared';

/**
 * What the assessment editor holds while a teacher types: dates and times apart (the school's wall clock, WIB),
 * numbers as they were typed. `buildAssessment` turns it into the contract's body; the contract checks it.
 */
export interface AssessmentDraft {
  kind: AssessmentKind;
  title: string;
  subjectId: number | null;
  gradeId: number | null;
  classIds: number[];
  instructions: string;
  dueDate: string;
  dueTime: string;
  opensDate: string;
  opensTime: string;
  closesDate: string;
  closesTime: string;
  durationMinutes: number | '';
  attemptsAllowed: number | '';
  passingMark: number | '';
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  showScore: boolean;
  showKey: boolean;
  tokenRequired: boolean;
  isSample: boolean;
}

export const emptyAssessment = (kind: AssessmentKind): AssessmentDraft => ({
  kind,
  title: '',
  subjectId: null,
  gradeId: null,
  classIds: [],
  instructions: '',
  dueDate: '',
  dueTime: '23:59',
  opensDate: '',
  opensTime: '07:00',
  closesDate: '',
  closesTime: '',
  durationMinutes: kind === 'TASK' ? '' : 60,
  attemptsAllowed: 1,
  passingMark: 75,
  shuffleQuestions: kind !== 'TASK',
  shuffleOptions: kind !== 'TASK',
  showScore: true,
  showKey: false,
  tokenRequired: kind === 'SUMMATIVE' || kind === 'SELECTION',
  isSample: false,
});

const wallClock = (iso: string | null) => {
  if (!iso) return { date: '', time: '' };
  const j = toJakarta(new Date(iso));
  return { date: j.date, time: j.time.slice(0, 5) };
};

export function assessmentDraftOf(a: Assessment): AssessmentDraft {
  const due = wallClock(a.dueAt);
  const opens = wallClock(a.opensAt);
  const closes = wallClock(a.closesAt);
  return {
    kind: a.kind,
    title: a.title,
    subjectId: a.subjectId,
    gradeId: a.gradeId,
    classIds: a.classes.map((c) => c.id),
    instructions: a.instructions ?? '',
    dueDate: due.date,
    dueTime: due.time,
    opensDate: opens.date,
    opensTime: opens.time,
    closesDate: closes.date,
    closesTime: closes.time,
    durationMinutes: a.durationMinutes ?? '',
    attemptsAllowed: a.attemptsAllowed,
    passingMark: a.passingMark,
    shuffleQuestions: a.shuffleQuestions,
    shuffleOptions: a.shuffleOptions,
    showScore: a.showScore,
    showKey: a.showKey,
    tokenRequired: a.tokenRequired,
    isSample: a.isSample,
  };
}

/** A date and a time of the school's clock as an instant with its offset (null without a date). */
const instant = (date: string, time: string) => (date ? `${date}T${time || '00:00'}:00+07:00` : null);
const numberOrNull = (n: number | '') => (n === '' ? null : n);

/** The contract's body of the draft (AssessmentInput; without `kind` it is an AssessmentUpdate). */
export function buildAssessment(v: AssessmentDraft) {
  return {
    kind: v.kind,
    title: v.title,
    subjectId: v.subjectId ?? Number.NaN,
    gradeId: v.gradeId ?? Number.NaN,
    classIds: v.classIds,
    instructions: v.instructions.trim() || null,
    dueAt: v.kind === 'TASK' ? instant(v.dueDate, v.dueTime) : null,
    durationMinutes: numberOrNull(v.durationMinutes),
    opensAt: instant(v.opensDate, v.opensTime),
    closesAt: instant(v.closesDate, v.closesTime),
    attemptsAllowed: numberOrNull(v.attemptsAllowed) ?? 1,
    passingMark: numberOrNull(v.passingMark),
    shuffleQuestions: v.shuffleQuestions,
    shuffleOptions: v.shuffleOptions,
    showScore: v.showScore,
    showKey: v.showKey,
    tokenRequired: v.tokenRequired,
    isSample: v.isSample,
  };
}

/** The badge colour of each state. */
export const STATE_COLORS: Record<Assessment['state'], string> = {
  DRAFT: 'gray',
  SUBMITTED: 'blue',
  RETURNED: 'orange',
  APPROVED: 'teal',
  SCHEDULED: 'cyan',
  OPEN: 'green',
  CLOSED: 'dark',
  GRADED: 'violet',
  PUBLISHED: 'grape',
};
