import type { ExamAttemptDetail, ExamControlBoard, ExamControlList, ExamTaker } from '@mms/shared';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { id } from '../../i18n/id.ts';
import { registerExamControlMessages } from '../../i18n/exam-control/index.ts';
import { registerPrintMessages } from '../../i18n/print/index.ts';
import { renderWithApp } from '../../test/render.tsx';

/** Test-only: renders a control screen with the app's providers and the exam control texts (Indonesian). */
export async function renderControl(ui: ReactElement, path = '/') {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerExamControlMessages();
  registerPrintMessages();
  return renderWithApp(ui, path);
}

export const LIST: ExamControlList = {
  items: [
    {
      assessmentId: 5,
      kind: 'SUMMATIVE',
      title: 'PAS Matematika',
      subjectName: 'Matematika',
      gradeName: 'Kelas 7',
      classNames: ['7A', '7B'],
      opensAt: '2026-11-23T01:00:00.000Z',
      closesAt: '2026-11-23T03:00:00.000Z',
      durationMinutes: 90,
      state: 'OPEN',
      takers: 3,
      working: 1,
      submitted: 1,
    },
  ],
};

export const taker = (fields: Partial<ExamTaker>): ExamTaker => ({
  studentId: 1,
  nis: '2026001',
  name: 'Budi Santoso',
  className: '7A',
  classGroupId: 71,
  attemptId: 101,
  state: 'WORKING',
  lastSeenAt: '2026-11-23T02:00:00.000Z',
  answered: 3,
  flagged: 1,
  secondsLeft: 725,
  extensionSeconds: 0,
  deviceChanges: 0,
  takeoverPending: false,
  submittedAt: null,
  submittedBy: null,
  grade: null,
  pendingEssays: 0,
  ...fields,
});

export const BOARD: ExamControlBoard = {
  assessment: {
    id: 5,
    kind: 'SUMMATIVE',
    title: 'PAS Matematika',
    subjectName: 'Matematika',
    gradeName: 'Kelas 7',
    state: 'OPEN',
    opensAt: '2026-11-23T01:00:00.000Z',
    closesAt: '2026-11-23T03:00:00.000Z',
    durationMinutes: 90,
    tokenRequired: true,
    questionCount: 10,
    passingMark: 75,
  },
  takers: [
    taker({ takeoverPending: true, deviceChanges: 1 }),
    taker({
      studentId: 2,
      nis: '2026002',
      name: 'Siti Aminah',
      attemptId: 102,
      state: 'OFFLINE',
      // 09:15:03 WIB
      lastSeenAt: '2026-11-23T02:15:03.000Z',
    }),
    taker({
      studentId: 3,
      nis: '2026003',
      name: 'Ahmad Fauzi',
      className: '7B',
      classGroupId: 72,
      attemptId: 103,
      state: 'SUBMITTED',
      answered: 10,
      secondsLeft: 0,
      submittedAt: '2026-11-23T02:30:00.000Z',
      submittedBy: 'PROCTOR',
      grade: 87.5,
    }),
    taker({
      studentId: 4,
      nis: '2026004',
      name: 'Dewi Lestari',
      className: '7B',
      classGroupId: 72,
      attemptId: null,
      state: 'NOT_STARTED',
      lastSeenAt: null,
      answered: 0,
      flagged: 0,
      secondsLeft: null,
    }),
  ],
  summary: { notStarted: 1, working: 1, offline: 1, submitted: 1 },
  offlineAfterSeconds: 60,
  serverNow: '2026-11-23T02:40:00.000Z',
};

export const DETAIL: ExamAttemptDetail = {
  attemptId: 103,
  studentId: 3,
  name: 'Ahmad Fauzi',
  className: '7B',
  status: 'GRADED',
  startedAt: '2026-11-23T01:00:00.000Z',
  deadlineAt: '2026-11-23T02:30:00.000Z',
  submittedAt: '2026-11-23T02:30:00.000Z',
  grade: 87.5,
  items: [
    {
      questionId: 11,
      number: 1,
      type: 'SINGLE',
      stem: '<p>Hasil dari <strong>2 + 3</strong> adalah …</p>',
      points: 2,
      response: { type: 'SINGLE', optionId: 'B' },
      parts: [
        { id: 'A', side: 'OPTION', text: '<p>4</p>' },
        { id: 'B', side: 'OPTION', text: '<p>lima</p>' },
      ],
      flagged: true,
      savedAt: '2026-11-23T01:05:00.000Z',
      earned: 2,
      correct: true,
    },
    {
      questionId: 12,
      number: 2,
      type: 'MATCHING',
      stem: '<p>Jodohkan</p>',
      points: 4,
      response: { type: 'MATCHING', pairs: { k1: 'x2', k2: 'x1' } },
      parts: [
        { id: 'k1', side: 'LEFT', text: '<p>Ibu kota Jawa Barat</p>' },
        { id: 'k2', side: 'LEFT', text: '<p>Ibu kota Jawa Timur</p>' },
        { id: 'x1', side: 'RIGHT', text: '<p>Surabaya</p>' },
        { id: 'x2', side: 'RIGHT', text: '<p>Bandung</p>' },
      ],
      flagged: false,
      savedAt: '2026-11-23T01:10:00.000Z',
      earned: 1.5,
      correct: false,
    },
    {
      questionId: 13,
      number: 3,
      type: 'ESSAY',
      stem: '<p>Jelaskan</p>',
      points: 10,
      response: { type: 'ESSAY', text: 'Karena jumlahnya lima.' },
      parts: [],
      flagged: false,
      savedAt: '2026-11-23T01:20:00.000Z',
      earned: null,
      correct: null,
    },
    {
      questionId: 14,
      number: 4,
      type: 'TRUE_FALSE',
      stem: '<p>Benar atau salah</p>',
      points: 2,
      response: null,
      parts: [{ id: 's1', side: 'STATEMENT', text: '<p>Bumi bulat</p>' }],
      flagged: false,
      savedAt: null,
      earned: 0,
      correct: false,
    },
  ],
  events: [
    { at: '2026-11-23T01:00:00.000Z', kind: 'START', text: 'Mulai mengerjakan', by: null },
    { at: '2026-11-23T02:30:00.000Z', kind: 'FORCE_SUBMIT', text: 'Dikumpulkan pengawas: waktu habis', by: 'Pak Guru' },
  ],
};

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/**
 * A fetch stub for the control routes: answers from `routes` (the first whose key the URL contains, with the
 * method when the key starts with one), 404 otherwise; every call recorded with its parsed body.
 */
export function stubControlFetch(routes: Record<string, unknown | ((call: Call) => Response | unknown)>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { url, method, body };
    calls.push(call);
    const key = Object.keys(routes).find((k) => {
      const [m, path] = k.includes(' ') ? k.split(' ') : ['GET', k];
      return m === method && url.includes(path!);
    });
    if (key === undefined)
      return Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Tidak ditemukan' } }), { status: 404 }),
      );
    const answer = routes[key];
    const value = typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer;
    return Promise.resolve(value instanceof Response ? value : new Response(JSON.stringify(value), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
