import type { DataTableSortStatus } from 'mantine-datatable';

/** The filters of a server list: every value goes to the query string as it is; empty ones are left out. */
export type ListFilters = Record<string, string | number | undefined | null>;

export interface ListState {
  page: number;
  pageSize: number;
  q: string;
  /** server sort key: `name` ascending, `-name` descending */
  sort?: string;
}

export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const MAX_PAGE_SIZE = 200;

/** The filters that are set, the trimmed search and the sort: what a whole list, its export or a report asks for. */
export function filterQuery(filters: ListFilters, q = '', sort?: string): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== null && v !== '') query[k] = v;
  if (q.trim()) query.q = q.trim();
  if (sort) query.sort = sort;
  return query;
}

/** The query string of one page: filters, search, sort, page and a page size the server accepts (1-200). */
export function listQuery(state: ListState, filters: ListFilters = {}): Record<string, string | number> {
  const query = filterQuery(filters, state.q, state.sort);
  query.page = Math.max(1, Math.floor(state.page));
  query.pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(state.pageSize)));
  return query;
}

/** The table's sort status as the server's sort key. */
export function sortKey<T>(status: DataTableSortStatus<T> | undefined): string | undefined {
  if (!status) return undefined;
  const key = String(status.columnAccessor);
  return status.direction === 'desc' ? `-${key}` : key;
}
