import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { examControlEn } from '../../i18n/exam-control/en.ts';
import { examControlId } from '../../i18n/exam-control/id.ts';
import { registerExamControlMessages } from '../../i18n/exam-control/index.ts';
import { id } from '../../i18n/id.ts';
import { BOARD } from './control.test-helper.tsx';
import {
  checkAnswerFile,
  filterTakers,
  gradeText,
  kindOf,
  passedOf,
  responseText,
  secondsText,
} from './control-model.ts';

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  registerExamControlMessages();
});

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('the exam control rules', () => {
  it('Indonesian and English have the same keys', () => {
    expect(keys(examControlEn).sort()).toEqual(keys(examControlId).sort());
  });

  it('reads the kind from the URL, SUMMATIVE by default', () => {
    expect(kindOf('FORMATIVE')).toBe('FORMATIVE');
    expect(kindOf(null)).toBe('SUMMATIVE');
    expect(kindOf('QUIZ')).toBe('SUMMATIVE');
  });

  it('writes time left as mm:ss and grades in the reader’s decimals', () => {
    expect(secondsText(725)).toBe('12:05');
    expect(secondsText(5700)).toBe('95:00');
    expect(secondsText(-3)).toBe('00:00');
    expect(gradeText(87.5, 'id')).toBe('87,5');
    expect(gradeText(87.25, 'en')).toBe('87.25');
    expect(gradeText(null, 'id')).toBe('–');
  });

  it('tells passed only once the grade is final', () => {
    const [budi, , ahmad] = BOARD.takers;
    expect(passedOf(ahmad!, 75)).toBe(true);
    expect(passedOf(ahmad!, 90)).toBe(false);
    expect(passedOf({ ...ahmad!, pendingEssays: 1 }, 75)).toBeNull();
    expect(passedOf(budi!, 75)).toBeNull();
  });

  it('filters by class, state and name or NIS', () => {
    const all = { classGroupId: null, state: null, q: '' };
    expect(filterTakers(BOARD.takers, { ...all, classGroupId: 72 }).map((t) => t.name)).toEqual([
      'Ahmad Fauzi',
      'Dewi Lestari',
    ]);
    expect(filterTakers(BOARD.takers, { ...all, state: 'OFFLINE' }).map((t) => t.name)).toEqual(['Siti Aminah']);
    expect(filterTakers(BOARD.takers, { ...all, q: '2026004' }).map((t) => t.name)).toEqual(['Dewi Lestari']);
  });

  it('checks an answer file before anything is sent', () => {
    const file = {
      format: 'mms-exam-answers-1',
      attemptId: 1,
      assessmentId: 5,
      deviceId: 'device-abc-123',
      createdAt: '2026-11-23T02:20:00.000Z',
      saves: [],
    };
    expect(checkAnswerFile(JSON.stringify(file), 5).ok).toBe(true);
    expect(checkAnswerFile('{', 5)).toEqual({ ok: false, errors: [expect.stringContaining('bukan JSON')] });
    const bad = checkAnswerFile(JSON.stringify({ ...file, deviceId: '!' }), 5);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.join(' ')).toContain('Perangkat tidak dikenali');
    expect(checkAnswerFile(JSON.stringify(file), 6).ok).toBe(false);
  });

  it('shows each kind of response readably', () => {
    expect(responseText({ type: 'MULTIPLE', optionIds: ['A', 'C'] })).toBe('A, C');
    expect(responseText({ type: 'TRUE_FALSE', answers: { s1: true, s2: false } })).toBe('s1: Benar; s2: Salah');
    expect(responseText({ type: 'SHORT', text: ' ' })).toBe('Tidak dijawab');
    expect(responseText({ type: 'SINGLE', optionId: null })).toBe('Tidak dijawab');
  });
});
