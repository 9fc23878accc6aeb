import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SelectionPaper } from '@mms/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { id } from '../../i18n/id.ts';
import { registerSelectionMessages } from '../../i18n/admission-selection/index.ts';
import { renderExamEngine } from '../exam-engine/render-exam-engine.test-helper.tsx';
import { keyText, responseText } from './pages/staff-pages.tsx';
import { SelectionTestPage } from './pages/selection-test-page.tsx';
import { SelectionRandomPage } from './pages/print-pages.tsx';
import { asFormQuestion, selectionBank } from './pages/bank-pages.tsx';
import { QuestionForm } from '../assessment/widgets/question-form.tsx';
import { registerAssessmentMessages } from '../../i18n/assessment/index.ts';
import { SelectionRankingPage } from './pages/staff-pages.tsx';

beforeAll(async () => {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerSelectionMessages();
  registerAssessmentMessages();
});
afterEach(() => vi.restoreAllMocks());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PAPER: SelectionPaper = {
  stage: 'READY',
  applicant: { regNo: 'SPMB/SMP/2027/9001', name: 'Aisyah Putri', state: 'VERIFIED' },
  wave: {
    name: 'Gelombang 1',
    testOpensAt: '2027-04-05T00:00:00.000Z',
    testClosesAt: '2027-04-05T05:00:00.000Z',
    testDurationMinutes: 60,
  },
  questionCount: 10,
  serverNow: '2027-04-05T02:00:00.000Z',
  attempt: null,
  questions: [],
  answers: [],
};

describe('the key and the answer as the principal reads them', () => {
  it('writes every closed type in the key’s terms and an empty answer as none', () => {
    expect(keyText({ type: 'SINGLE', options: [], key: 'b' })).toBe('b');
    expect(keyText({ type: 'SHORT', accepted: [{ text: 'rendah' }, { number: 12, tolerance: 0 }] })).toBe(
      'rendah / 12',
    );
    expect(
      keyText({ type: 'TRUE_FALSE', statements: [{ id: 's1', text: 'x' }], key: { s1: false }, partial: 'PARTIAL' }),
    ).toBe('s1: S');
    expect(responseText({ type: 'SINGLE', optionId: 'a' })).toBe('a');
    expect(responseText({ type: 'SHORT', text: '  ' })).toBeNull();
    expect(responseText({ type: 'TRUE_FALSE', answers: { s1: true } })).toBe('s1: B');
    expect(responseText(null)).toBeNull();
  });
});

describe('the applicant’s test page', () => {
  it('asks for the registration number and PIN when not signed in, then shows the test ready to start', async () => {
    const calls: string[] = [];
    let signedIn = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/v1/admission/public/me')
        return signedIn
          ? json(200, { applicant: {}, csrfToken: 't' })
          : json(401, { error: { code: 'UNAUTHENTICATED', message: 'Masuk dulu' } });
      if (url === '/api/v1/admission/public/sign-in') {
        signedIn = true;
        return json(200, { applicant: {}, csrfToken: 't' });
      }
      if (url === '/api/v1/admission/public/test') return json(200, PAPER);
      return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    });
    await renderExamEngine(<SelectionTestPage />);
    fireEvent.change(await screen.findByLabelText(/Nomor pendaftaran/), { target: { value: 'SPMB/SMP/2027/9001' } });
    fireEvent.change(screen.getByLabelText(/^PIN/), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Tes siap dikerjakan.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mulai tes' })).toHaveProperty('disabled', false);
    await waitFor(() => expect(calls).toContain('POST /api/v1/admission/public/sign-in'));
    expect(calls.some((c) => c.includes('/start'))).toBe(false);
  });
});

describe('the principal’s selection screens', () => {
  it('draws with tag counts and a seed after confirming, and shows the wave’s last seed', async () => {
    const posts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/v1/admission/selection/waves'))
        return json(200, { items: [{ id: 3, name: 'Gelombang 1', unitId: 2, quota: 30 }] });
      if (url.startsWith('/api/v1/admission/selection/draws') && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(200, { seed: 77, drawn: 2, skipped: 1 });
      }
      if (url.startsWith('/api/v1/admission/selection/draws?waveId=3'))
        return json(200, {
          wave: { id: 3, name: 'Gelombang 1', unitId: 2, questionCount: 10 },
          lastSeed: 4242,
          items: [
            {
              applicantId: 1,
              regNo: 'SPMB/SMP/2027/0001',
              name: 'Calon A',
              state: 'VERIFIED',
              questionCount: 10,
              started: false,
            },
          ],
        });
      return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    });
    await renderExamEngine(<SelectionRandomPage />);
    expect(await screen.findByText(/Kode acak terakhir: 4242/)).toBeTruthy();
    expect(screen.getByText('Calon A')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah label' }));
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Matematika' } });
    fireEvent.change(screen.getByLabelText('Jumlah soal'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Kode acak'), { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Acak soal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acak soal' }));
    await waitFor(() => expect(posts).toEqual([{ waveId: 3, seed: 77, tagCounts: [{ tag: 'Matematika', count: 4 }] }]));
  });

  it('ranks with the quota and accepts those within it after confirming', async () => {
    const posts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/v1/admission/selection/waves'))
        return json(200, { items: [{ id: 3, name: 'Gelombang 1', unitId: 2, quota: 1 }] });
      if (url.startsWith('/api/v1/admission/selection/decisions')) {
        posts.push(JSON.parse(String(init!.body)));
        return json(200, { moved: 1 });
      }
      if (url.startsWith('/api/v1/admission/selection/ranking'))
        return json(200, {
          wave: { id: 3, name: 'Gelombang 1', quota: 1, announceAt: null },
          items: [
            { applicantId: 1, regNo: 'R1', name: 'Calon A', state: 'TESTED', rank: 1, score: 80, withinQuota: true },
            { applicantId: 2, regNo: 'R2', name: 'Calon B', state: 'TESTED', rank: 2, score: 60, withinQuota: false },
          ],
        });
      return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    });
    await renderExamEngine(<SelectionRankingPage />);
    expect(await screen.findByText('Calon A')).toBeTruthy();
    expect(screen.getByText('Kuota 1 siswa')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Terima yang dalam kuota' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ubah status' }));
    await waitFor(() =>
      expect(posts).toEqual([{ waveId: 3, decisions: [{ applicantId: 1, to: 'ACCEPTED' }], note: null }]),
    );
  });
});

describe('the selection bank’s form', () => {
  it('is the subject bank’s form without subject, grade and objective, saving to the selection bank', async () => {
    const sent: { url: string; method: string; body: Record<string, unknown> }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : {},
      });
      return json(200, {});
    });
    const onDone = vi.fn();
    await renderExamEngine(
      <QuestionForm
        question={asFormQuestion({
          id: 9,
          unitId: 2,
          version: 1,
          versionId: 11,
          type: 'SINGLE',
          stem: '<p>Rukun Islam yang pertama?</p>',
          content: {
            type: 'SINGLE',
            options: [
              { id: 'a', text: 'Syahadat' },
              { id: 'b', text: 'Salat' },
            ],
            key: 'a',
          },
          points: 5,
          difficulty: 'MUDAH',
          tags: ['Pendidikan Agama Islam'],
          used: true,
          createdAt: '2027-01-01T00:00:00Z',
          updatedAt: '2027-01-01T00:00:00Z',
        })}
        bank={selectionBank}
        onDone={onDone}
      />,
    );
    expect(screen.queryByLabelText(/Tujuan pembelajaran/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan soal' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const put = sent.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/admission/selection/questions/9');
    expect(put.body).toMatchObject({
      points: 5,
      tags: ['Pendidikan Agama Islam'],
      content: { type: 'SINGLE', key: 'a' },
    });
    expect(put.body).not.toHaveProperty('subjectId');
    expect(put.body).not.toHaveProperty('objective');
    expect(sent.some((c) => c.url.includes('/questions/choices'))).toBe(false);
  });
});
