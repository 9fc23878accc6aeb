import { Button } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import type { DataTableColumn } from 'mantine-datatable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { screenWidth } from '../../test/screen-width.ts';
import { FIRST_CARDS, ResponsiveDataTable } from './responsive-table.tsx';

interface Row {
  id: number;
  name: string;
  status: string;
  note: string | null;
}
const rows: Row[] = [
  { id: 1, name: 'Aqila Rahman', status: 'Menunggu persetujuan kepala sekolah', note: null },
  { id: 2, name: 'Fadhil Sholihah', status: 'Disetujui', note: 'Demam' },
];
const approve = vi.fn();
const columns: DataTableColumn<Row>[] = [
  { accessor: 'name', title: 'Nama' },
  { accessor: 'status', title: 'Status' },
  { accessor: 'note', title: 'Catatan' },
  { accessor: '_actions', title: 'Aksi', render: (r) => <Button onClick={() => approve(r.id)}>Setujui</Button> },
];

describe('ResponsiveDataTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a table on a PC', async () => {
    screenWidth(false);
    await renderWithApp(<ResponsiveDataTable<Row> aria-label="Izin" records={rows} columns={columns} />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryAllByTestId('record-card')).toHaveLength(0);
  });

  it('says "no matching records" only when it has none (not hidden under the rows of a list that has them)', async () => {
    screenWidth(false);
    const view = await renderWithApp(
      <ResponsiveDataTable<Row> aria-label="Izin" records={rows} columns={columns} noRecordsText="Tidak ada data." />,
    );
    expect(screen.getByRole('table').closest('.mantine-datatable')?.textContent).not.toContain('Tidak ada data.');
    view.unmount();
    await renderWithApp(
      <ResponsiveDataTable<Row> aria-label="Izin" records={[]} columns={columns} noRecordsText="Tidak ada data." />,
    );
    expect(screen.getByText('Tidak ada data.')).toBeTruthy();
  });

  it('is one card per record on a phone: the first column as heading, every value whole, the actions as buttons', async () => {
    screenWidth(true);
    await renderWithApp(<ResponsiveDataTable<Row> aria-label="Izin" records={rows} columns={columns} />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Izin' });
    const cards = within(list).getAllByTestId('record-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Aqila Rahman')).toBeTruthy();
    expect(first.getByText('Menunggu persetujuan kepala sekolah')).toBeTruthy();
    // an empty value is a dash, not a blank or "null"; the column names label the values
    expect(first.getByText('Catatan')).toBeTruthy();
    expect(first.getByText('-')).toBeTruthy();
    fireEvent.click(first.getByRole('button', { name: 'Setujui' }));
    expect(approve).toHaveBeenCalledWith(1);
  });

  it('pages on a phone too', async () => {
    screenWidth(true);
    const onPageChange = vi.fn();
    await renderWithApp(
      <ResponsiveDataTable<Row>
        aria-label="Izin"
        records={rows}
        columns={columns}
        totalRecords={60}
        recordsPerPage={2}
        page={1}
        onPageChange={onPageChange}
        paginationText={({ from, to, totalRecords }) => `${from}-${to} dari ${totalRecords}`}
      />,
    );
    expect(screen.getByText('1-2 dari 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows the first cards of a page first and the others right after, not in one long render', async () => {
    screenWidth(true);
    const many: Row[] = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      name: `Siswa ${i + 1}`,
      status: 'Aktif',
      note: null,
    }));
    // how many cards the page already showed when the card after the first ones was rendered
    const shownBefore: number[] = [];
    const named: DataTableColumn<Row>[] = [
      {
        accessor: 'name',
        title: 'Nama',
        render: (r) => {
          if (r.id === FIRST_CARDS + 1)
            shownBefore.push(document.querySelectorAll('[data-testid="record-card"]').length);
          return r.name;
        },
      },
      { accessor: 'status', title: 'Status' },
    ];
    await renderWithApp(<ResponsiveDataTable<Row> aria-label="Siswa" records={many} columns={named} />);
    expect(await screen.findByText('Siswa 25')).toBeTruthy();
    expect(screen.getAllByTestId('record-card')).toHaveLength(25);
    expect(shownBefore.length).toBeGreaterThan(0);
    expect(shownBefore.every((n) => n === FIRST_CARDS)).toBe(true);
  });
});
