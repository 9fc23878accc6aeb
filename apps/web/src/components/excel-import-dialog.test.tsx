import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { importFieldKey } from '@mms/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { renderWithApp } from '../test/render.tsx';
import { ExcelImportButton } from './excel-import-dialog.tsx';

const xlsx = () =>
  new File(['x'], 'data.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function openWith(
  upload: (file: File) => Promise<{ imported: number }>,
  extra: Partial<Parameters<typeof ExcelImportButton>[0]> = {},
) {
  const onDone = vi.fn();
  await renderWithApp(
    <ExcelImportButton
      title="Impor tata tertib"
      templateHref="/api/v1/x/import/template"
      upload={upload}
      doneText={(count) => `${count} diimpor`}
      onDone={onDone}
      {...extra}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Impor Excel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Impor tata tertib' });
  return { dialog, onDone };
}

describe('the Excel import dialog', () => {
  it('sends nothing without a file, then lists every rejected row in row order and keeps the dialog open', async () => {
    const upload = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'VALIDATION_FAILED', 'Berkas ditolak', {
          [importFieldKey(5, 'Poin')]: 'Poin harus angka',
          [importFieldKey(2, 'Kode')]: 'Kode wajib diisi',
        }),
      ),
    );
    const { dialog, onDone } = await openWith(upload);
    const submit = within(dialog).getByRole('button', { name: 'Impor' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'Unduh templat' }).getAttribute('href')).toBe(
      '/api/v1/x/import/template',
    );
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [xlsx()] } });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    const alert = await within(dialog).findByRole('alert');
    const lines = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['Baris 2, Kode: Kode wajib diisi', 'Baris 5, Poin: Poin harus angka']);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends nothing while what `extra` asks for is not chosen', async () => {
    const upload = vi.fn((_file: File) => Promise.resolve({ imported: 7 }));
    const { dialog } = await openWith(upload, { ready: false });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [xlsx()] } });
    expect((within(dialog).getByRole('button', { name: 'Impor' }) as HTMLButtonElement).disabled).toBe(true);
    expect(upload).not.toHaveBeenCalled();
  });

  it('imports a valid file, says how many rows, and closes', async () => {
    const upload = vi.fn((_file: File) => Promise.resolve({ imported: 7 }));
    const { dialog, onDone } = await openWith(upload);
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [xlsx()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Impor' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(upload.mock.calls[0]![0].name).toBe('data.xlsx');
  });
});
