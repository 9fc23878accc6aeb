import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { DataList } from './data-list.tsx';
import { listQuery, sortKey } from './list-params.ts';
import { PHONE_QUERY } from './responsive-table.tsx';
import { mediaQueryList } from '../../test/media-query.ts';
import { registerPrintMessages } from '../../i18n/print/index.ts';

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

describe('DataList over rows at hand', () => {
  afterEach(() => vi.restoreAllMocks());
  // a PC's width: the rows are table rows
  beforeEach(() => {
    vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, media !== PHONE_QUERY));
  });
  const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Guru ${i + 1}` }));

  it('shows every row without asking the server, with no toolbar when it has nothing to offer', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await renderWithApp(<DataList<Row> records={rows} label="Guru" columns={[{ accessor: 'name', title: 'Nama' }]} />);
    const table = screen.getByRole('table', { name: 'Guru' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.queryByLabelText('Cari')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ekspor Excel' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('filters by the text the rows show and pages them', async () => {
    await renderWithApp(
      <DataList<Row>
        records={rows}
        label="Guru"
        search
        pageSize={10}
        columns={[{ accessor: 'name', title: 'Nama', render: (r) => r.name.toUpperCase() }]}
      />,
    );
    expect(screen.getByText('1–10 dari 12')).toBeTruthy();
    expect(screen.queryByText('GURU 11')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Halaman berikutnya' }));
    expect(await screen.findByText('GURU 11')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cari'), { target: { value: 'guru 1' } });
    // Guru 1, 10, 11, 12: one page, no paging
    expect(await screen.findByText('GURU 10')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5);
    expect(screen.queryByText('1–4 dari 4')).toBeNull();
    fireEvent.change(screen.getByLabelText('Cari'), { target: { value: 'kepala' } });
    expect(await screen.findByText('Tidak ada data yang cocok.')).toBeTruthy();
  });

  it('says its own empty text, a failure, and offers the export only when there are rows', async () => {
    const view = await renderWithApp(
      <DataList<Row>
        records={[]}
        label="Guru"
        exportName="guru"
        emptyText="Belum ada guru."
        columns={[{ accessor: 'name', title: 'Nama' }]}
      />,
    );
    expect(screen.getByText('Belum ada guru.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ekspor Excel' }).hasAttribute('disabled')).toBe(true);
    view.unmount();
    await renderWithApp(
      <DataList<Row> records={undefined} failed label="Guru" columns={[{ accessor: 'name', title: 'Nama' }]} />,
    );
    expect(screen.getByText('Data gagal dimuat.')).toBeTruthy();
  });

  it('shows a skeleton while the rows load', async () => {
    await renderWithApp(
      <DataList<Row> records={undefined} fetching label="Guru" columns={[{ accessor: 'name', title: 'Nama' }]} />,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('DataList print', () => {
  afterEach(() => vi.restoreAllMocks());
  it('has a "Cetak" button beside the export when asked for', async () => {
    registerPrintMessages();
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (input) =>
        new Response(JSON.stringify(pageOf(new URL(String(input), 'http://localhost'))), { status: 200 }),
    );
    await renderWithApp(
      <DataList<Row>
        path="/things"
        label="Tabel"
        exportName="things"
        print={{ unitId: null }}
        columns={[{ accessor: 'name', title: 'Nama' }]}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Cetak' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toBeTruthy();
  });
});
