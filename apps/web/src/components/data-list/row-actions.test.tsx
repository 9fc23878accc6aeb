import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataTableColumn } from 'mantine-datatable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { screenWidth } from '../../test/screen-width.ts';
import { ResponsiveDataTable } from './responsive-table.tsx';
import { RowActions, rowActionsColumn } from './row-actions.tsx';

const shown = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show: shown } }));

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: '7A' },
  { id: 2, name: '7B' },
];

const actionsOf = (r: Row, edit: (id: number) => void, run: (id: number) => Promise<unknown>) => (
  <RowActions
    name={r.name}
    view={`/kelas/${r.id}`}
    edit={() => edit(r.id)}
    remove={{ title: 'Hapus kelas?', text: `Kelas ${r.name} akan dihapus.`, run: () => run(r.id) }}
  />
);

/** The rows' actions as a PC's table shows them, one row after the other. */
const rowsOnPc = (edit: (id: number) => void, run: (id: number) => Promise<unknown>) => (
  <>{rows.map((r) => actionsOf(r, edit, run))}</>
);

function list(edit: (id: number) => void, run: (id: number) => Promise<unknown>) {
  const columns: DataTableColumn<Row>[] = [
    { accessor: 'name', title: 'Nama' },
    rowActionsColumn<Row>((r) => actionsOf(r, edit, run)),
  ];
  return <ResponsiveDataTable<Row> aria-label="Kelas" records={rows} columns={columns} />;
}

describe('RowActions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    shown.mockReset();
  });

  it('names every button with its row, and deletes only after the red confirmation, then says so', async () => {
    screenWidth(false);
    const edit = vi.fn();
    const run = vi.fn(() => Promise.resolve());
    await renderWithApp(rowsOnPc(edit, run));
    expect(rowActionsColumn<Row>(() => null)).toMatchObject({ accessor: '_actions', title: 'Aksi' });
    // icon buttons whose verb is their tooltip
    expect(screen.getByRole('button', { name: 'Ubah 7A' }).textContent).toBe('');
    expect(screen.getByRole('link', { name: 'Lihat 7A' }).getAttribute('href')).toBe('/kelas/1');
    fireEvent.click(screen.getByRole('button', { name: 'Ubah 7B' }));
    expect(edit).toHaveBeenCalledWith(2);

    fireEvent.click(screen.getByRole('button', { name: 'Hapus 7A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus kelas?' });
    expect(within(dialog).getByText('Kelas 7A akan dihapus.')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(run).toHaveBeenCalledWith(1);
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Data berhasil dihapus' })),
    );
  });

  it('shows the server’s refusal and keeps the row', async () => {
    screenWidth(false);
    await renderWithApp(rowsOnPc(vi.fn(), () => Promise.reject(new Error('Kelas 7A masih dipakai'))));
    fireEvent.click(screen.getByRole('button', { name: 'Hapus 7A' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'red' })));
    expect(shown).not.toHaveBeenCalledWith(expect.objectContaining({ color: 'green' }));
  });

  it('stays on a phone: buttons with their verb at the bottom of each card, still named with the row', async () => {
    screenWidth(true);
    await renderWithApp(list(vi.fn(), vi.fn()));
    const cards = within(screen.getByRole('list', { name: 'Kelas' })).getAllByTestId('record-card');
    expect(cards).toHaveLength(2);
    const second = within(cards[1]!);
    expect(second.getByRole('button', { name: 'Ubah 7B' }).textContent).toBe('Ubah');
    expect(second.getByRole('button', { name: 'Hapus 7B' }).textContent).toBe('Hapus');
    expect(second.getByRole('link', { name: 'Lihat 7B' }).textContent).toBe('Lihat');
  });
});
