import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { DataList } from './data-list.tsx';
import { listQuery, sortKey } from './list-params.ts';

describe('list query parameters', () => {
  it('sends page, a page size the server accepts, the trimmed search and only the filters that are set', () => {
    expect(
      listQuery({ page: 2, pageSize: 500, q: '  ani ', sort: '-name' }, { unitId: 1, status: '', x: null }),
    ).toEqual({ unitId: 1, q: 'ani', sort: '-name', page: 2, pageSize: 200 });
    expect(listQuery({ page: 0, pageSize: 0, q: '' })).toEqual({ page: 1, pageSize: 1 });
  });

  it('turns the table sort status into the server sort key', () => {
    expect(sortKey({ columnAccessor: 'nis', direction: 'asc' })).toBe('nis');
    expect(sortKey({ columnAccessor: 'name', direction: 'desc' })).toBe('-name');
    expect(sortKey(undefined)).toBeUndefined();
  });
});

type Row = { id: number; name: string };

function pageOf(url: URL) {
  const page = Number(url.searchParams.get('page'));
  const pageSize = Number(url.searchParams.get('pageSize'));
  const q = url.searchParams.get('q') ?? '';
  const all = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Siswa ${i + 1}` })).filter((r) =>
    r.name.includes(q),
  );
  return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
}

describe('DataList', () => {
  afterEach(() => vi.restoreAllMocks());
  // mantine-datatable shows a column while its media query matches (jsdom's stub matches nothing)
  beforeEach(() => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media) =>
        ({
          matches: true,
          media,
          addEventListener() {},
          removeEventListener() {},
          addListener() {},
          removeListener() {},
        }) as unknown as MediaQueryList,
    );
  });

  it('asks the server page by page with search and filters, and shows the empty state', async () => {
    const urls: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      return new Response(JSON.stringify(pageOf(url)), { status: 200 });
    });
    await renderWithApp(
      <DataList<Row>
        path="/things"
        label="Tabel"
        exportName="things"
        filters={{ unitId: 2, status: undefined }}
        columns={[{ accessor: 'name', title: 'Nama', sortable: true }]}
        initialPageSize={25}
      />,
    );
    expect(await screen.findByText('Siswa 1')).toBeTruthy();
    expect(urls[0]!.pathname).toBe('/api/v1/things');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ unitId: '2', page: '1', pageSize: '25' });
    expect(screen.getByText('1–25 dari 60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Halaman berikutnya' }));
    expect(await screen.findByText('Siswa 26')).toBeTruthy();
    expect(urls.at(-1)!.searchParams.get('page')).toBe('2');

    // a search is debounced and starts again at page 1
    fireEvent.change(screen.getByLabelText('Cari'), { target: { value: 'Siswa 59' } });
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('q')).toBe('Siswa 59'));
    expect(urls.at(-1)!.searchParams.get('page')).toBe('1');
    expect(urls.filter((u) => u.searchParams.has('q'))).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Cari'), { target: { value: 'tidak ada' } });
    expect(await screen.findByText('Tidak ada data yang cocok.')).toBeTruthy();
  });
});
