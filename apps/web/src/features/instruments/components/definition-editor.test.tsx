import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Instrument } from '@mms/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInstruments, stubFetch } from '../instruments.test-helper.tsx';
import { DefinitionEditor } from './definition-editor.tsx';

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

const stub = () => stubFetch({ 'PUT /instruments/7/definition': { ...INSTRUMENT, version: 3 } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the items and scales editor', { timeout: 30_000 }, () => {
  it('names every problem at its field and sends nothing until the definition is consistent', async () => {
    const calls = stub();
    await renderInstruments(<DefinitionEditor instrument={INSTRUMENT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah butir' }));
    const code = screen.getAllByRole('textbox', { name: /^Kode/ })[1]!;
    fireEvent.change(code, { target: { value: 'rel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan butir & skala' }));

    expect(await screen.findByText('Kode skala sudah dipakai skala lain')).toBeTruthy();
    // item 2 named SOS, which no scale has now; item 3 names none
    expect(screen.getAllByText('Pilih skala yang ada untuk butir ini')).toHaveLength(2);
    expect(screen.getByText('Teks butir wajib diisi')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('isian perlu diperbaiki');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    // fix them: the code back to SOS, the new item removed
    fireEvent.change(code, { target: { value: 'SOS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hapus butir 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan butir & skala' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/instruments/7/definition');
    expect(put.body).toMatchObject({
      scales: [{ code: 'REL' }, { code: 'SOS' }],
      items: [
        { text: 'Beribadah', scaleCode: 'REL' },
        { text: 'Menolong', scaleCode: 'SOS' },
      ],
    });
  });

  it('asks a choice item for options that each name a scale', async () => {
    const calls = stub();
    const choice: Instrument = {
      ...INSTRUMENT,
      items: [
        ...INSTRUMENT.items,
        {
          id: 13,
          number: 3,
          text: 'Paling penting',
          type: 'CHOICE',
          scaleCode: null,
          reversed: false,
          weight: 1,
          options: [
            { label: 'Ibadah', scaleCode: 'REL' },
            { label: 'Menolong', scaleCode: 'SOS' },
          ],
        },
      ],
    };
    await renderInstruments(<DefinitionEditor instrument={choice} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus opsi 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan butir & skala' }));
    expect(await screen.findByText('Butir pilihan memerlukan minimal 2 opsi')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
