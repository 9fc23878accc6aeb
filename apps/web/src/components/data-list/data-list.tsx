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
import { fetchAllPages } from './fetch-all.ts';
import { ExportButton } from './export-button.tsx';
import { ListSkeleton } from './list-skeleton.tsx';
import { listQuery, PAGE_SIZES, sortKey, type ListFilters } from './list-params.ts';

export interface DataListProps<T> {
  /** the list's API path under /api/v1, e.g. `/students`; it answers `{items,total,page,pageSize}` */
  path: string;
  columns: ListColumn<T>[];
  /** current filter values (from the controls in `filterControls`); a change goes back to page 1 */
  filters?: ListFilters;
  filterControls?: ReactNode;
  /** buttons beside the search box (add, import...) */
  actions?: ReactNode;
  defaultSort?: DataTableSortStatus<T>;
  searchLabel?: string;
  /** the search text to start with (e.g. from the address) */
  initialSearch?: string;
  /** told of the search text once it settles (debounced), e.g. to keep it in the address */
  onSearchChange?: (q: string) => void;
  /** file name of the Excel export (without .xlsx) */
  exportName: string;
  /** the export's title and sheet name; by default the table's accessible name */
  exportTitle?: string;
  /** the filters chosen, as the export's heading names them (label, value); the search text is added */
  exportFilters?: (readonly [string, string])[];
  /** true when the server has `GET <path>/export` with the same filters; a string names another endpoint ('export/xlsx') */
  serverExport?: boolean | string;
  /** columns of a browser-built export; by default the table's columns with a text title */
  exportColumns?: ExportColumn<T>[];
  initialPageSize?: number;
  selectedRecords?: T[];
  onSelectedRecordsChange?: (rows: T[]) => void;
  /** how a row is named to a screen reader (selection checkboxes) */
  rowLabel?: (row: T) => string;
  /** the accessible name of the table */
  label: string;
  /** a row's key when the rows have no `id` (e.g. a day without a record: employee and date) */
  rowId?: (row: T) => string | number;
}

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
 * A server-paged list: debounced search, filters, sortable columns, page and page size, a skeleton while the
 * first page loads, an empty state, and an Excel export of everything the filters select.
 */
export function DataList<T extends object>(props: DataListProps<T>) {
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
        <TextInput
          label={props.searchLabel ?? t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          w={{ base: '100%', sm: 260 }}
        />
        {props.filterControls}
        <Group gap="xs" ml={{ sm: 'auto' }}>
          {props.actions}
          <ExportButton onExport={exportAll} />
        </Group>
      </Group>
      <Paper withBorder radius="md">
        {data === undefined && !list.isError ? (
          <ListSkeleton p="md" />
        ) : (
          <ResponsiveDataTable<T>
            aria-label={props.label}
            minHeight={data?.items.length ? undefined : 180}
            striped
            highlightOnHover
            idAccessor={props.rowId ?? ('id' as keyof T & string)}
            records={data?.items ?? []}
            columns={withDisplayCells(props.columns)}
            fetching={list.isFetching}
            totalRecords={data?.total ?? 0}
            recordsPerPage={pageSize}
            page={page}
            onPageChange={setPage}
            recordsPerPageOptions={[...PAGE_SIZES]}
            onRecordsPerPageChange={(n) => {
              setPageSize(n);
              setPage(1);
            }}
            recordsPerPageLabel={t('list.perPage')}
            paginationText={({ from, to, totalRecords }) => t('list.range', { from, to, total: totalRecords })}
            getPaginationControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
            sortStatus={sortStatus as DataTableSortStatus<T>}
            onSortStatusChange={setSortStatus}
            noRecordsText={list.isError ? t('list.loadFailed') : t('list.empty')}
            selectedRecords={props.selectedRecords}
            onSelectedRecordsChange={props.onSelectedRecordsChange}
            getRecordSelectionCheckboxProps={(row) => ({
              'aria-label': t('list.selectRow', {
                name: props.rowLabel?.(row) ?? String(props.rowId?.(row) ?? (row as { id?: unknown }).id),
              }),
            })}
            allRecordsSelectionCheckboxProps={{ 'aria-label': t('list.selectAll') }}
            paginationWrapBreakpoint="sm"
          />
        )}
      </Paper>
    </Stack>
  );
}
