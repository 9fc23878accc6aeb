import {
  EXAM_KINDS,
  ExamAnswerFile,
  QUESTION_TYPE_LABELS,
  type TAKER_STATES,
  toJakarta,
  type ExamAttemptDetail,
  type ExamControlBoard,
  type ExamKind,
  type ExamTaker,
} from '@mms/shared';
import i18next from 'i18next';
import type { ExportColumn } from '../../components/data-list/export-xlsx.ts';
import { issueErrors } from '../../lib/validation.ts';

export type TakerState = (typeof TAKER_STATES)[number];

/** The kind in the URL (`?kind=`); anything else is the default, SUMMATIVE. */
export const kindOf = (value: string | null): ExamKind =>
  (EXAM_KINDS as readonly string[]).includes(value ?? '') ? (value as ExamKind) : 'SUMMATIVE';

/** A positive whole id from the URL, or null. */
export const idOf = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

/** An instant as the school's clock reads it: `10:15:03` (WIB). */
export const clockText = (iso: string | null | undefined): string => (iso ? toJakarta(new Date(iso)).time : '');

/** An instant as `2026-11-25` (Jakarta) and `10:15` for a window. */
export const dayAndTime = (iso: string) => {
  const j = toJakarta(new Date(iso));
  return { date: j.date, time: j.time.slice(0, 5) };
};

/** Seconds as `mm:ss` (minutes run past 59: `95:00`); nothing for null. */
export function secondsText(seconds: number | null): string {
  if (seconds === null) return '';
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A grade (0-100, up to 2 decimals) as the reader writes numbers: `87,5` in Indonesian, `87.5` in English. */
export const gradeText = (value: number | null, lang: 'id' | 'en'): string =>
  value === null
    ? '–'
    : new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID', { maximumFractionDigits: 2 }).format(value);

/** Passed against the pass mark: null while it cannot be told yet (no grade, or essays still to mark). */
export const passedOf = (t: ExamTaker, passingMark: number): boolean | null =>
  t.grade === null || t.pendingEssays > 0 ? null : t.grade >= passingMark;

export interface TakerFilters {
  classGroupId: number | null;
  state: TakerState | null;
  q: string;
}

/** The takers the filters leave, in the board's order. */
export function filterTakers(takers: ExamTaker[], f: TakerFilters): ExamTaker[] {
  const q = f.q.trim().toLocaleLowerCase('id');
  return takers.filter(
    (t) =>
      (f.classGroupId === null || t.classGroupId === f.classGroupId) &&
      (f.state === null || t.state === f.state) &&
      (!q || t.name.toLocaleLowerCase('id').includes(q) || (t.nis ?? '').includes(q)),
  );
}

/** The board's classes (id and name), each once, by name. */
export function classesOf(takers: ExamTaker[]): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const t of takers) if (!seen.has(t.classGroupId)) seen.set(t.classGroupId, t.className);
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'id'));
}

/** The score list's columns, shared by the screen's table and its Excel export. */
export function scoreColumns(board: ExamControlBoard): ExportColumn<ExamTaker>[] {
  const t = i18next.t.bind(i18next);
  const passed = (r: ExamTaker) => {
    const p = passedOf(r, board.assessment.passingMark);
    return p === null ? '–' : p ? t('examControl.score.passed') : t('examControl.score.notPassed');
  };
  return [
    { title: t('examControl.score.nis'), value: (r) => r.nis ?? '' },
    { title: t('examControl.name'), value: (r) => r.name },
    { title: t('examControl.className'), value: (r) => r.className },
    { title: t('examControl.state'), value: (r) => t(`examControl.states.${r.state}`) },
    // the number itself in Excel (it formats it); the screen shows gradeText
    { title: t('examControl.score.grade'), value: (r) => r.grade },
    { title: t('examControl.score.pendingEssays'), value: (r) => r.pendingEssays },
    { title: t('examControl.score.result'), value: passed },
    {
      title: t('examControl.score.submittedBy'),
      value: (r) => (r.submittedBy ? t(`examControl.score.by.${r.submittedBy}`) : ''),
    },
    { title: t('examControl.score.submittedAt'), value: (r) => clockText(r.submittedAt) },
  ];
}

export type AnswerFileCheck = { ok: true; file: ExamAnswerFile } | { ok: false; errors: string[] };

/**
 * A student's answer file checked in the browser before anything is sent: JSON, the contract's shape
 * (`ExamAnswerFile`), and the assessment being watched.
 */
export function checkAnswerFile(text: string, assessmentId: number): AnswerFileCheck {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, errors: [i18next.t('examControl.file.notJson')] };
  }
  const parsed = ExamAnswerFile.safeParse(json);
  if (!parsed.success) {
    const errors = Object.entries(issueErrors(parsed.error)).map(([path, message]) =>
      path === 'root' ? message : `${path}: ${message}`,
    );
    return { ok: false, errors: [i18next.t('examControl.file.invalid'), ...errors] };
  }
  if (parsed.data.assessmentId !== assessmentId)
    return { ok: false, errors: [i18next.t('examControl.file.otherAssessment')] };
  return { ok: true, file: parsed.data };
}

type Response = NonNullable<ExamAttemptDetail['items'][number]['response']>;

/** A student's response as one line of part codes (the answer view shows the parts' texts beside them). */
export function responseText(response: Response | null): string {
  const t = i18next.t.bind(i18next);
  if (!response) return t('examControl.detail.noAnswer');
  const tf = (v: boolean) => (v ? t('examControl.detail.true') : t('examControl.detail.false'));
  switch (response.type) {
    case 'SINGLE':
      return response.optionId
        ? t('examControl.detail.option', { id: response.optionId })
        : t('examControl.detail.noAnswer');
    case 'MULTIPLE':
      return response.optionIds.length ? response.optionIds.join(', ') : t('examControl.detail.noAnswer');
    case 'TRUE_FALSE': {
      const parts = Object.entries(response.answers);
      return parts.length ? parts.map(([id, v]) => `${id}: ${tf(v)}`).join('; ') : t('examControl.detail.noAnswer');
    }
    case 'MATCHING': {
      const pairs = Object.entries(response.pairs);
      return pairs.length ? pairs.map(([l, r]) => `${l} → ${r}`).join('; ') : t('examControl.detail.noAnswer');
    }
    case 'SHORT':
    case 'ESSAY':
      return response.text.trim() ? response.text : t('examControl.detail.noAnswer');
  }
}

export const questionTypeText = (type: keyof typeof QUESTION_TYPE_LABELS): string =>
  QUESTION_TYPE_LABELS[type][i18next.language === 'en' ? 'en' : 'id'];
