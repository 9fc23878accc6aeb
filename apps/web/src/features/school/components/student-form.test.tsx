import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { showServerErrors } from './form-utils.ts';
import { StudentForm } from './student-form.tsx';

describe('StudentForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks the fields with the shared contract before sending, and shows a 409 under its field', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ items: [{ id: 1, code: 'SD', name: 'SD Al Amin' }] }), { status: 200 }),
    );
    const onSubmit = vi.fn();
    await renderWithApp(<StudentForm defaultUnitId={1} saving={false} onSubmit={onSubmit} />);

    fireEvent.change(screen.getByLabelText('NISN'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('NIS 3-20 angka atau huruf')).toBeTruthy();
    expect(screen.getByText('NISN harus 10 angka')).toBeTruthy();
    expect(screen.getByText('Nama wajib diisi')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^NIS\W*$/), { target: { value: '1000999' } });
    fireEvent.change(screen.getByLabelText('NISN'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Nama\W*$/), { target: { value: 'Ahmad Uji' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [body, form] = onSubmit.mock.calls[0]!;
    expect(body).toMatchObject({ unitId: 1, nis: '1000999', name: 'Ahmad Uji', nisn: null, status: 'ACTIVE' });

    // the server's duplicate answer names the other record; it lands under the NIS input
    const conflict = new ApiError(409, 'CONFLICT', 'NIS 1000999 sudah dipakai oleh Budi', {
      nis: 'Sudah dipakai',
    });
    showServerErrors(form, conflict);
    expect(await screen.findByText('NIS 1000999 sudah dipakai oleh Budi')).toBeTruthy();
  });
});
