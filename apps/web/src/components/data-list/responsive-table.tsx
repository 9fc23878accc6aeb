import { Box, Checkbox, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/list/index.ts';

/** Below this width a list is shown as cards: a phone held upright (360-480 px) and a small tablet. */
export const PHONE_QUERY = '(max-width: 40em)';

/** Whether the screen is a phone's (the lists show cards there). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

type Column<T> = DataTableColumn<T>;

/** The value of a column for a record, as the table would show it. */
function cellOf<T>(column: Column<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  const value = String(column.accessor)
    .split('.')
    .reduce<unknown>(
      (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
      record,
    );
  return value === null || value === undefined || value === '' ? '-' : String(value);
}

const isActions = (c: Column<unknown>) => String(c.accessor).startsWith('_');

/**
 * The one list table of the app. On a PC it is the data table; on a phone every record becomes a card: the first
 * column as its heading, the other columns as label and value lines that wrap (nothing is cut), and the row's
 * actions (`_actions` column) as full buttons at the bottom, never in a sideways-scrolling strip.
 */
export function ResponsiveDataTable<T>(props: DataTableProps<T>) {
  const phone = usePhone();
  // the table keeps its empty state in the page (hidden by opacity) also while it shows rows: a screen reader and
  // the page's text read "Tidak ada data yang cocok." under the pager of a list with rows. With rows it is empty.
  const withRows = props.records?.length ? { ...props, noRecordsText: '', noRecordsIcon: <span /> } : props;
  // a right-aligned column holds figures (amounts, counts): "Rp 1.250.000" is read whole, never "Rp" above the rest
  const columns = (props.columns as Column<T>[] | undefined)?.map((c) =>
    c.textAlign === 'right' && c.noWrap === undefined ? { ...c, noWrap: true } : c,
  );
  const shown = (columns ? { ...withRows, columns } : withRows) as DataTableProps<T>;
  if (!phone)
    return (
      <DataTable<T>
        {...shown}
        // a table wider than the screen scrolls sideways: the keyboard reaches the scroll region even when no row
        // holds a button (a reader's list without actions), as WCAG 2.1.1 asks
        scrollAreaProps={{
          ...props.scrollAreaProps,
          viewportProps: { tabIndex: 0, ...props.scrollAreaProps?.viewportProps },
        }}
      />
    );
  return <RecordCards {...(props as CardProps<T>)} />;
}

interface CardProps<T> {
  records?: T[];
  columns: Column<T>[];
  idAccessor?: string | ((record: T) => React.Key);
  'aria-label'?: string;
  noRecordsText?: string;
  fetching?: boolean;
  totalRecords?: number;
  recordsPerPage?: number;
  page?: number;
  onPageChange?: (page: number) => void;
  paginationText?: (p: { from: number; to: number; totalRecords: number }) => ReactNode;
  selectedRecords?: T[];
  onSelectedRecordsChange?: (records: T[]) => void;
  getRecordSelectionCheckboxProps?: (record: T, index: number) => Record<string, unknown>;
  rowExpansion?: unknown;
}

function keyOf<T>(record: T, index: number, idAccessor: CardProps<T>['idAccessor']): React.Key {
  if (typeof idAccessor === 'function') return idAccessor(record);
  const key = (record as Record<string, unknown>)[idAccessor ?? 'id'];
  return typeof key === 'string' || typeof key === 'number' ? key : index;
}

/**
 * Cards rendered with the page's first paint: a phone's screen shows about three. The others follow at once in a
 * transition, which React renders in slices that leave the main thread free (a page of 25 cards rendered in one
 * go is a long task a slow phone spends 200-600 ms on, during which a tap waits).
 */
export const FIRST_CARDS = 6;

/** The records to render now: the first few of a new page, then all of them. */
function useProgressiveRecords<T>(records: T[]): T[] {
  const [complete, setComplete] = useState<T[] | null>(null);
  const done = complete === records || records.length <= FIRST_CARDS;
  useEffect(() => {
    if (!done) startTransition(() => setComplete(records));
  }, [records, done]);
  return done ? records : records.slice(0, FIRST_CARDS);
}

const NO_RECORDS: never[] = [];

function RecordCards<T>(props: CardProps<T>) {
  const { t } = useTranslation();
  const all = props.records ?? (NO_RECORDS as T[]);
  const records = useProgressiveRecords(all);
  const visible = props.columns.filter((c) => !c.hidden);
  const [head, ...rest] = visible.filter((c) => !isActions(c as Column<unknown>));
  const actions = visible.filter((c) => isActions(c as Column<unknown>));
  const selected = props.selectedRecords;
  const isSelected = (r: T, i: number) =>
    !!selected?.some((s, j) => keyOf(s, j, props.idAccessor) === keyOf(r, i, props.idAccessor));
  const toggle = (r: T, i: number) =>
    props.onSelectedRecordsChange?.(
      isSelected(r, i)
        ? (selected ?? []).filter((s, j) => keyOf(s, j, props.idAccessor) !== keyOf(r, i, props.idAccessor))
        : [...(selected ?? []), r],
    );
  const pageCount =
    props.totalRecords !== undefined && props.recordsPerPage
      ? Math.max(1, Math.ceil(props.totalRecords / props.recordsPerPage))
      : 1;
  const from = props.page && props.recordsPerPage ? (props.page - 1) * props.recordsPerPage + 1 : 1;
  const to = from + all.length - 1;
  return (
    <Stack gap="xs" p="xs" aria-busy={props.fetching || undefined}>
      {records.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {props.noRecordsText ?? t('list.empty')}
        </Text>
      ) : (
        <Box component="ul" aria-label={props['aria-label']} m={0} p={0} style={{ listStyle: 'none' }}>
          {records.map((record, i) => (
            <Paper
              component="li"
              key={keyOf(record, i, props.idAccessor)}
              withBorder
              radius="md"
              p="sm"
              mb="xs"
              data-testid="record-card"
            >
              {/* plain elements styled by app.css (.mms-card-*): a page of 25 cards renders several hundred of
                  them, and a Mantine component for each would cost a phone's CPU a second before the list shows */}
              <div className="mms-card-head">
                {props.onSelectedRecordsChange && (
                  <Checkbox
                    checked={isSelected(record, i)}
                    onChange={() => toggle(record, i)}
                    {...(props.getRecordSelectionCheckboxProps?.(record, i) ?? {})}
                  />
                )}
                {head && <div className="mms-card-title">{cellOf(head, record, i)}</div>}
              </div>
              <dl className="mms-card-fields">
                {rest.map((c) => (
                  <div key={String(c.accessor)} className="mms-card-field">
                    <dt>{c.title ?? String(c.accessor)}</dt>
                    <dd>{cellOf(c, record, i)}</dd>
                  </div>
                ))}
              </dl>
              {actions.map((c) => (
                <div key={String(c.accessor)} className="mms-card-action">
                  {cellOf(c, record, i)}
                </div>
              ))}
            </Paper>
          ))}
        </Box>
      )}
      {props.onPageChange && pageCount > 1 && (
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed">
            {props.paginationText?.({ from, to, totalRecords: props.totalRecords ?? 0 })}
          </Text>
          <Pagination
            total={pageCount}
            value={props.page ?? 1}
            onChange={props.onPageChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
          />
        </Stack>
      )}
    </Stack>
  );
}
