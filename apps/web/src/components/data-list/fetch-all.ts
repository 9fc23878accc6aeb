import type { Page } from '@mms/shared';
import { api } from '../../lib/api.ts';
import { MAX_PAGE_SIZE } from './list-params.ts';

/** 50 pages of 200 rows: far above a school's lists, a stop against a server that never reports its end. */
const MAX_PAGES = 50;

/**
 * Every row a server list's filters select, read page by page at the largest page size: for exports built in
 * the browser and for printed reports. The answer is the first page's envelope (its extra fields too, such as
 * the timetable's semester) with all the rows.
 */
export async function fetchAllPages<T, P extends Page<T> = Page<T>>(
  path: string,
  filters: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<P> {
  let first: P | undefined;
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await api<P>(path, { query: { ...filters, page, pageSize: MAX_PAGE_SIZE }, signal });
    first ??= res;
    items.push(...res.items);
    if (items.length >= res.total || res.items.length === 0) break;
  }
  return { ...first!, items };
}
