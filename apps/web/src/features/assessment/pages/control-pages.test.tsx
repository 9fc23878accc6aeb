import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerDistributionMessages } from '../../../i18n/distribution/index.ts';
import { renderAssessment } from '../components/render-assessment.test-helper.tsx';
import { FormativeEditPage } from './control-pages.tsx';

const quiz = (id: number, title: string, state: string, editable: boolean) => ({
  ...{ id, unitId: 1, kind: 'FORMATIVE', title, subjectId: 4, subjectName: 'Matematika' },
  ...{ gradeId: 7, gradeName: 'Kelas 7', authorEmployeeId: 3, authorName: 'Guru' },
  instructions: null,
  dueAt: null,
  durationMinutes: 30,
  opensAt: null,
  closesAt: null,
  shuffleQuestions: false,
  shuffleOptions: false,
  attemptsAllowed: 1,
  passingMark: 75,
  showScore: true,
  showKey: false,
  tokenRequired: false,
  isSample: false,
  state,
  checkNote: null,
  itemCount: 1,
  classes: [{ id: 1, name: '7A' }],
  actions: [],
  editable,
  createdAt: '2026-11-10T00:00:00.000Z',
  updatedAt: '2026-11-10T00:00:00.000Z',
  items: [],
  drawRules: [],
  shares: [],
});
const quizzes = [quiz(1, 'Kuis terjadwal', 'SCHEDULED', false), quiz(2, 'Kuis draf', 'DRAFT', true)];

beforeAll(async () => {
  // jsdom has no scrolling: the combobox scrolls its chosen option into view
  Element.prototype.scrollIntoView = () => {};
  // the distribution texts join the Indonesian ones, so i18next must be up before they register
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerDistributionMessages();
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn((url: string) => {
    const path = url.split('?')[0]!;
    const one = /\/assessments\/(\d+)$/.exec(path);
    const body = one
      ? quizzes.find((q) => q.id === Number(one[1]))
      : path.endsWith('/assessments')
        ? { items: quizzes, total: 2, page: 1, pageSize: 200 }
        : { items: [], total: 0, page: 1, pageSize: 200 };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Edit kuis', { timeout: 30_000 }, () => {
  it("offers the teacher's own quizzes, editable first; a draft opens in the editor, a scheduled one only to read", async () => {
    await renderAssessment(<FormativeEditPage />);
    const picker = await screen.findByRole('combobox', { name: 'Pilih kuis' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('mine=true'))).toBe(true);
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    const options = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(picker);
      const found = screen.getAllByRole('option', { hidden: true });
      expect(found).toHaveLength(2);
      return found;
    });
    expect(options.map((o) => o.textContent)).toEqual(['Kuis draf (Draf)', 'Kuis terjadwal (Terjadwal)']);

    fireEvent.click(options[1]!);
    await screen.findByText('Kuis berstatus Terjadwal tidak dapat diubah lagi.');
    expect(screen.queryByRole('button', { name: 'Simpan' })).toBeNull();

    const draft = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(picker);
      return screen.getByRole('option', { name: 'Kuis draf (Draf)', hidden: true });
    });
    fireEvent.click(draft);
    await screen.findByRole('button', { name: 'Simpan' });
    expect(screen.queryByText(/tidak dapat diubah lagi/)).toBeNull();
  });
});
