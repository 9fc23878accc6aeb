import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser, Instrument, InstrumentPreview } from '@mms/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerInstrumentMessages } from '../../../i18n/instruments/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { stubFetch } from '../instruments.test-helper.tsx';
import { InstrumentInputPage } from './instrument-input-page.tsx';

const INSTRUMENT: Instrument = {
  id: 7,
  unitId: 1,
  unitName: 'SMP',
  kind: 'life-values',
  name: 'Nilai hidup',
  description: '',
  instructions: '',
  source: 'CONTOH - ganti dengan butir sekolah',
  licence: 'contoh MMS, bebas dipakai',
  version: 2,
  itemCount: 2,
  updatedAt: '2026-11-18T03:00:00.000Z',
  answered: false,
  scales: [
    { id: 1, code: 'REL', name: 'Religius', description: '', scoring: 'MEAN', bands: [] },
    { id: 2, code: 'SOS', name: 'Kepedulian', description: '', scoring: 'MEAN', bands: [] },
  ],
  items: [
    {
      id: 11,
      number: 1,
      text: 'Beribadah',
      type: 'LIKERT5',
      scaleCode: 'REL',
      reversed: false,
      weight: 1,
      options: [],
    },
    { id: 12, number: 2, text: 'Menolong', type: 'LIKERT5', scaleCode: 'SOS', reversed: false, weight: 1, options: [] },
  ],
};

const PREVIEW: InstrumentPreview = {
  instrumentName: 'Nilai hidup',
  instructions: 'Pilih yang paling sesuai',
  items: [
    { id: 11, number: 1, text: 'Beribadah', type: 'LIKERT5', options: [] },
    { id: 12, number: 2, text: 'Menolong', type: 'YES_NO', options: [] },
  ],
};

const counsellor: AuthUser = {
  id: 3,
  username: 'bk',
  displayName: 'Bu BK',
  division: 'BPBK',
  avatarUrl: null,
  employeeId: 3,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 1, code: 'SMP', name: 'SMP' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the instrument preview (issue 39 finding 14)', { timeout: 30_000 }, () => {
  it('lets the counsellor answer the instrument as a student would, saving and submitting nothing', async () => {
    const calls = stubFetch({
      '/instruments/7/preview': PREVIEW,
      '/instruments/7/windows': { items: [] },
      '/instruments?kind': { items: [INSTRUMENT] },
      '/instruments/7': INSTRUMENT,
    });
    await renderWithApp(<InstrumentInputPage kind="life-values" />, '/', {
      user: counsellor,
      messages: [registerInstrumentMessages],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pratinjau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pratinjau seperti siswa mengerjakan' });
    expect(await within(dialog).findByText(/Beribadah/)).toBeTruthy();
    expect(within(dialog).getByText(/jawaban Anda tidak disimpan/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /^5/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Berikutnya' }));
    expect(within(dialog).getByText(/Menolong/)).toBeTruthy();
    // the last item: no submit in a preview, only closing it
    expect(within(dialog).queryByRole('button', { name: 'Kirim jawaban' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup pratinjau' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(calls.some((c) => c.url.includes('/instruments/my'))).toBe(false);
  });
});
