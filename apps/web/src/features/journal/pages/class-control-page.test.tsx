import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerAttendanceMessages } from '../../../i18n/attendance/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ClassControlPage } from './class-control-page.tsx';

/** The POSTs a fetch mock saw: their URL and JSON body. */
const posts = (fetchMock: { mock: { calls: unknown[][] } }) =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init!.body))] as const);

afterEach(() => vi.restoreAllMocks());

describe('ClassControlPage', () => {
  it('sends a visit of a class as the contract takes it, and starts the notes again', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') return new Response(JSON.stringify({ id: 1 }), { status: 200 });
      const items =
        String(url).includes('class') && !String(url).includes('class-control') ? [{ id: 3, name: '7A' }] : [];
      return new Response(JSON.stringify({ items, total: items.length, page: 1, pageSize: 200 }), { status: 200 });
    });
    await renderWithApp(<ClassControlPage />, '/', { messages: [registerAttendanceMessages] });
    const save = screen.getByRole('button', { name: 'Simpan kunjungan' });
    fireEvent.click(screen.getAllByRole('combobox', { name: 'Kelas' })[0]!);
    fireEvent.click((await screen.findAllByRole('option', { name: '7A', hidden: true }))[0]!);
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Catatan'), { target: { value: '  Guru hadir tepat waktu ' } });
    fireEvent.click(save);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, body] = posts(fetchMock)[0]!;
    expect(url).toBe('/api/v1/class-control');
    expect(body).toMatchObject({ classGroupId: 3, period: 1, teacherPresent: true, notes: 'Guru hadir tepat waktu' });
    await waitFor(() => expect((screen.getByLabelText('Catatan') as HTMLTextAreaElement).value).toBe(''));
  });
});
