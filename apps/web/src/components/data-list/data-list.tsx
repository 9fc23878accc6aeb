import '../../i18n/school/index.ts';
import 'mantine-datatable/styles.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Checkbox.css';
import { Group, Paper, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Page } from '@mms/shared';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { ResponsiveDataTable } from './responsive-table.tsx';
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { withDisplayCells } from '../../lib/display.ts';
import { downloadClientXlsx, downloadServerExport, exportCell, textOf, type ExportColumn } from './export-xlsx.ts';
import { PrintListButton } from '../print/print-list.tsx';
import { fetchAllPages } from './fetch-all.ts';
import { ExportButton } from './export-button.tsx';
import { ListSkeleton } from './list-skeleton.tsx';
import { listQuery, PAGE_SIZES, sortKey, type ListFilters } from './list-params.ts';
import '../../i18n/list/index.ts';

/** What every list has, whether the server pages it or the rows are all at hand. */
interface ListBaseProps<T> {
  columns: ListColumn<T>[];
  /** the accessible name of the table */
  label: string;
  /** filter controls before the buttons */
  filterControls?: ReactNode;
  /** buttons beside the search box (add, import...) */
  actions?: ReactNode;
  /** the export's title and sheet name; by default the table's accessible name */
  exportTitle?: string;
  /** the filters chosen, as the export's heading names them (label, value); the search text is added */
  exportFilters?: (readonly [string, string])[];
  /** columns of a browser-built export; by default the table's columns with a text title */
  exportColumns?: ExportColumn<T>[];
  selectedRecords?: T[];
  onSelectedRecordsChange?: (rows: T[]) => void;
  /** how a row is named to a screen reader (selection checkboxes) */
  rowLabel?: (row: T) => string;
  /** a row's key when the rows have no `id` (e.g. a day without a record: employee and date) */
  rowId?: (row: T) => string | number;
  /** what an empty list says (by default "Tidak ada data yang cocok.") */
  emptyText?: string;
  /** the test id of the table */
  testId?: string;
  /** attributes of a row's element on a PC, e.g. `aria-current` on the chosen one */
  rowAttributes?: (row: T) => Record<string, unknown>;
}

/** A list the server pages: `{items,total,page,pageSize}` from `path`. */
export interface ServerListProps<T> extends ListBaseProps<T> {
  /** the list's API path under /api/v1, e.g. `/students`; it answers `{items,total,page,pageSize}` */
  path: string;
  /** current filter values (from the controls in `filterControls`); a change goes back to page 1 */
  filters?: ListFilters;
  defaultSort?: DataTableSortStatus<T>;
  searchLabel?: string;
  /** the search text to start with (e.g. from the address) */
  initialSearch?: string;
  /** told of the search text once it settles (debounced), e.g. to keep it in the address */
  onSearchChange?: (q: string) => void;
  /** file name of the Excel export (without .xlsx) */
  exportName: string;
  /** true when the server has `GET <path>/export` with the same filters; a string names another endpoint ('export/xlsx') */
  serverExport?: boolean | string;
  /** a "Cetak" button: every row the filters select on the unit's letterhead (the title is the label's) */
  print?: { unitId: number | null; title?: string };
  initialPageSize?: number;
}

/** A list whose rows are all at hand (a recap, a day's classes, a small master list the server answers whole). */
export interface RecordsListProps<T> extends ListBaseProps<T> {
  /** the rows; undefined before they are asked for (an empty list) or while they load (a skeleton, with `fetching`) */
  records: T[] | undefined;
  /** a refetch is running (the table dims) */
  fetching?: boolean;
  /** the rows could not be loaded */
  failed?: boolean;
  /** a search box that filters the rows by the text they show; a string is its label */
  search?: boolean | string;
  /** pages of this many rows (page size choice and range) instead of all rows at once */
  pageSize?: number;
  /** the Excel export's file name (without .xlsx); no export button without it */
  exportName?: string;
  /** the server's file of the same rows, when it has one; otherwise the browser builds it from the columns */
  serverExport?: { path: string; query: Record<string, string | number> };
  /** a custom row's key: a field name of the rows */
  idAccessor?: keyof T & string;
  /** no frame around the table (it stands in a card or a dialog already) */
  bare?: boolean;
}

export type DataListProps<T> = ServerListProps<T> | RecordsListProps<T>;

/**
 * A column of a list. `exportValue` says what the Excel export writes when the cell shows a component whose text
 * cannot be read from it (a badge component of its own); otherwise the export writes what the cell shows.
 */
export type ListColumn<T> = DataTableColumn<T> & { exportValue?: (row: T) => string | number | null | undefined };

/**
 * The export of a list without columns of its own writes what the screen shows: the cell's rendered text (labels,
 * not codes: "Disetujui", not "approved") or, for a plain cell, the value as a screen shows it (dates 25/11/2026).
 */
export function defaultExportColumns<T>(columns: ListColumn<T>[]): ExportColumn<T>[] {
  return columns
    .filter((c) => typeof c.title === 'string' && !String(c.accessor).startsWith('_'))
    .map((c) => ({
      title: c.title as string,
      value: (row: T) => {
        if (c.exportValue) return c.exportValue(row);
        const shown = c.render ? textOf(c.render(row, 0)) : null;
        if (shown !== null) return shown;
        const v = (row as Record<string, unknown>)[String(c.accessor)];
        return exportCell(v);
      },
    }));
}

/**
 * The one list of the app. With `path`, a server-paged list: debounced search, filters, sortable columns, page and
 * page size, a skeleton while the first page loads, an empty state, an Excel export of everything the filters
 * select and, with `print`, a printed list. With `records`, the same table over rows already at hand, with an
 * optional search, paging and export.
 */
export function DataList<T extends object>(props: DataListProps<T>) {
  return 'records' in props ? <RecordsList<T> {...props} /> : <ServerList<T> {...props} />;
}

function ServerList<T extends object>(props: ServerListProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(props.initialSearch ?? '');
  const [q] = useDebouncedValue(search, 300);
  const { onSearchChange } = props;
  useEffect(() => onSearchChange?.(q), [q, onSearchChange]);
  const [pageSize, setPageSize] = useState(props.initialPageSize ?? 25);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T> | undefined>(props.defaultSort);

  const filters = props.filters ?? {};
  const filterKey = JSON.stringify(filters);
  const sort = sortKey(sortStatus);
  // a new search, filter or sort starts again at the first page
  const resetKey = JSON.stringify([q, filterKey, sort]);
  const [paging, setPaging] = useState({ key: resetKey, page: 1 });
  const page = paging.key === resetKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: resetKey, page: p });

  const query = useMemo(
    () => listQuery({ page, pageSize, q, sort }, JSON.parse(filterKey) as ListFilters),
    [page, pageSize, q, sort, filterKey],
  );
  const list = useQuery({
    queryKey: [props.path, 'list', query],
    queryFn: ({ signal }) => api<Page<T>>(props.path, { query, signal }),
    placeholderData: keepPreviousData,
  });
  // The rows are drawn in a background render React can pause (a page of 25 rows with their buttons is tens of
  // milliseconds of a phone's CPU): the skeleton or the previous page stays until they are ready, and the page
  // answers a tap meanwhile instead of freezing as the answer arrives.
  const data = useDeferredValue(list.data);

  const exportAll = async () => {
    const { page: _p, pageSize: _s, ...all } = query;
    const file = `${props.exportName}.xlsx`;
    if (props.serverExport) {
      const endpoint = typeof props.serverExport === 'string' ? props.serverExport : undefined;
      return downloadServerExport(props.path, all, file, endpoint);
    }
    const { items } = await fetchAllPages<T>(props.path, all);
    const columns = props.exportColumns ?? defaultExportColumns(props.columns);
    const filters = [...(props.exportFilters ?? []), ...(q ? [[t('list.exportSearch'), q] as const] : [])];
    await downloadClientXlsx({ title: props.exportTitle ?? props.label, filters }, columns, items, file);
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchBox label={props.searchLabel} value={search} onChange={setSearch} />
        {props.filterControls}
        <Group gap="xs" ml={{ sm: 'auto' }}>
          {props.print && (
            <PrintListButton<T>
              path={props.path}
              filters={filters}
              title={props.print.title ?? props.label}
              unitId={props.print.unitId}
              columns={props.columns}
            />
          )}
          {props.actions}
          <ExportButton onExport={exportAll} />
        </Group>
      </Group>
      <Paper withBorder radius="md">
        {data === undefined && !list.isError ? (
          <ListSkeleton p="md" />
        ) : (
          <ListTable<T>
            {...props}
            records={data?.items ?? []}
            fetching={list.isFetching}
            failed={list.isError}
            paging={{
              total: data?.total ?? 0,
              page,
              pageSize,
              onPage: setPage,
              onPageSize: (n) => {
                setPageSize(n);
                setPage(1);
              },
            }}
            sortStatus={sortStatus}
            onSortStatusChange={setSortStatus}
          />
        )}
      </Paper>
    </Stack>
  );
}

function SearchBox(props: { label?: string | undefined; value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={props.label ?? t('list.search')}
      placeholder={t('list.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      type="search"
      w={{ base: '100%', sm: 260 }}
    />
  );
}

/** The table of a list (cards on a phone), with its labels, selection, empty state and, when paged, paging. */
function ListTable<T>(
  props: ListBaseProps<T> & {
    records: T[];
    fetching: boolean;
    failed: boolean;
    idAccessor?: keyof T & string;
    paging?: {
      total: number;
      page: number;
      pageSize: number;
      onPage: (page: number) => void;
      onPageSize: (size: number) => void;
    };
    sortStatus?: DataTableSortStatus<T> | undefined;
    onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  },
) {
  const { t } = useTranslation();
  const { paging } = props;
  const pagination = paging
    ? {
        totalRecords: paging.total,
        recordsPerPage: paging.pageSize,
        page: paging.page,
        onPageChange: paging.onPage,
        recordsPerPageOptions: [...PAGE_SIZES],
        onRecordsPerPageChange: paging.onPageSize,
        recordsPerPageLabel: t('list.perPage'),
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
          t('list.range', { from, to, total: totalRecords }),
        getPaginationControlProps: (control: string) => ({ 'aria-label': t(`list.pageControl.${control}`) }),
        paginationWrapBreakpoint: 'sm' as const,
      }
    : {};
  const selection = props.onSelectedRecordsChange
    ? {
        selectedRecords: props.selectedRecords,
        onSelectedRecordsChange: props.onSelectedRecordsChange,
        getRecordSelectionCheckboxProps: (row: T) => ({
          'aria-label': t('list.selectRow', {
            name: props.rowLabel?.(row) ?? String(props.rowId?.(row) ?? (row as { id?: unknown }).id),
          }),
        }),
        allRecordsSelectionCheckboxProps: { 'aria-label': t('list.selectAll') },
      }
    : {};
  const sorting = props.onSortStatusChange
    ? { sortStatus: props.sortStatus as DataTableSortStatus<T>, onSortStatusChange: props.onSortStatusChange }
    : {};
  return (
    <ResponsiveDataTable<T>
      aria-label={props.label}
      data-testid={props.testId}
      customRowAttributes={props.rowAttributes}
      minHeight={props.records.length ? undefined : 180}
      striped
      highlightOnHover
      idAccessor={props.rowId ?? props.idAccessor ?? ('id' as keyof T & string)}
      records={props.records}
      columns={withDisplayCells<T, ListColumn<T>>(props.columns)}
      fetching={props.fetching}
      noRecordsText={props.failed ? t('list.loadFailed') : (props.emptyText ?? t('list.empty'))}
      {...(pagination as object)}
      {...(selection as object)}
      {...sorting}
    />
  );
}

/** Whether a row shows the search text in one of its columns (what a cell shows, else its value). */
function rowMatches<T>(row: T, columns: ListColumn<T>[], needle: string): boolean {
  return columns.some((c) => {
    if (String(c.accessor).startsWith('_')) return false;
    const shown = c.render
      ? textOf(c.render(row, 0))
      : exportCell((row as Record<string, unknown>)[String(c.accessor)]);
    return shown !== null && String(shown).toLowerCase().includes(needle);
  });
}

function RecordsList<T extends object>(props: RecordsListProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(props.pageSize ?? 0);
  const [page, setPage] = useState(1);
  const needle = search.trim().toLowerCase();
  const all = props.records;
  const shown = useMemo(
    () => (all && needle ? all.filter((r) => rowMatches(r, props.columns, needle)) : (all ?? [])),
    [all, needle, props.columns],
  );
  const pages = pageSize ? Math.max(1, Math.ceil(shown.length / pageSize)) : 1;
  const current = Math.min(page, pages);
  const rows = pageSize ? shown.slice((current - 1) * pageSize, current * pageSize) : shown;

  const exportAll = async () => {
    const file = `${props.exportName}.xlsx`;
    if (props.serverExport) return downloadServerExport(props.serverExport.path, props.serverExport.query, file);
    const columns = props.exportColumns ?? defaultExportColumns(props.columns);
    const filters = [
      ...(props.exportFilters ?? []),
      ...(needle ? [[t('list.exportSearch'), search.trim()] as const] : []),
    ];
    await downloadClientXlsx({ title: props.exportTitle ?? props.label, filters }, columns, shown, file);
  };

  const toolbar = props.search || props.filterControls || props.actions || props.exportName;
  const table =
    all === undefined && props.fetching && !props.failed ? (
      <ListSkeleton p="md" />
    ) : (
      <ListTable<T>
        {...props}
        records={rows}
        fetching={!!props.fetching}
        failed={!!props.failed}
        {...(pageSize && shown.length > (props.pageSize ?? 0)
          ? {
              paging: {
                total: shown.length,
                page: current,
                pageSize,
                onPage: setPage,
                onPageSize: (n: number) => {
                  setPageSize(n);
                  setPage(1);
                },
              },
            }
          : {})}
      />
    );
  return (
    <Stack gap="sm">
      {toolbar && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {props.search && (
            <SearchBox
              label={typeof props.search === 'string' ? props.search : undefined}
              value={search}
              onChange={(q) => {
                setSearch(q);
                setPage(1);
              }}
            />
          )}
          {props.filterControls}
          <Group gap="xs" ml={{ sm: 'auto' }}>
            {props.actions}
            {props.exportName && <ExportButton onExport={exportAll} disabled={!shown.length} />}
          </Group>
        </Group>
      )}
      {props.bare ? (
        table
      ) : (
        <Paper withBorder radius="md">
          {table}
        </Paper>
      )}
    </Stack>
  );
}
