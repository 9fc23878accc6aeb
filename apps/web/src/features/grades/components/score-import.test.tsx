import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { importFieldKey } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as notify from '../../../lib/notify.ts';
import { registerGradesMessages } from '../../../i18n/grades/index.ts';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ScoreImportButton } from './score-import.tsx';

const notified = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/notify.ts', async (actual) => ({
  ...(await actual<typeof notify>()),
  notifyInfo: (text: string) => notified.push(text),
}));

let calls: { method: string; url: string; body: unknown }[];
let answer: () => Response;
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body });
      if (url.startsWith('/api/v1/scores/import')) return answer();
      return new Response('{}', { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const xlsx = () =>
  new File(['x'], 'nilai-7A.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function open() {
  await renderWithApp(<ScoreImportButton query={{ classGroupId: 3, subjectId: 4, semester: 'GANJIL' }} />, '/', {
    messages: [registerGradesMessages, registerSchoolMessages],
  });
  fireEvent.click(screen.getByRole('button', { name: 'Impor Excel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Impor nilai dari Excel' });
  fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [xlsx()] } });
  return dialog;
}

describe("the score sheet's Excel import", () => {
  it("sends the file to the sheet's import and lists every rejected row with its student and column", async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: '2 masalah di 2 baris; tidak ada data yang disimpan',
            fields: {
              [importFieldKey(8, 'Siswa 03 (NIS A3), UH 1 (NH)')]: 'Nilai harus antara 0 dan 100',
              [importFieldKey(6, 'NIS A9')]: 'Siswa dengan NIS ini bukan anggota kelas ini',
            },
          },
        }),
        { status: 400 },
      );
    const dialog = await open();
    expect(within(dialog).getByText(/Unduh lembar ini dengan Ekspor Excel/)).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Impor' }));
    const alert = await within(dialog).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Baris 6, NIS A9: Siswa dengan NIS ini bukan anggota kelas ini',
      'Baris 8, Siswa 03 (NIS A3), UH 1 (NH): Nilai harus antara 0 dan 100',
    ]);
    const sent = calls.find((c) => c.url.startsWith('/api/v1/scores/import'))!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/v1/scores/import?classGroupId=3&subjectId=4&semester=GANJIL');
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('says how many scores were read and changed, and closes', async () => {
    answer = () => new Response(JSON.stringify({ imported: 5, saved: 3 }), { status: 200 });
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Impor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notified).toEqual(['5 nilai dibaca dari berkas; 3 berubah']);
  });
});
