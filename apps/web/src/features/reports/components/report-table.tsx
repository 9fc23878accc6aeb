import { Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cellText } from '../../../lib/display.ts';
import type { GenderCounts } from '../report-data.ts';
import classes from './report.module.css';

export interface ReportColumn<T> {
  title: string;
  value: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** numbers such as a NIP stay on one line */
  nowrap?: boolean;
}

/**
 * A whole list on paper: every row, numbered by the caller's columns, bordered, its header repeated on each
 * printed page, with an optional totals row.
 */
export function ReportTable<T>(props: {
  label: string;
  columns: ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** the cells of a last, bold row (totals), one a column */
  footer?: ReactNode[];
}) {
  // on a phone the paper's table scrolls inside its own box (the page never scrolls sideways, no column is
  // squeezed into overlapping text); on paper it is the page's full width
  return (
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label={props.label}>
      <Table withTableBorder withColumnBorders striped verticalSpacing={4} aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((c) => (
              <Table.Th key={c.title} ta={c.align} w={c.width}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row, i) => (
            <Table.Tr key={props.rowKey(row)}>
              {props.columns.map((c) => (
                <Table.Td key={c.title} ta={c.align} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {cellText(c.value(row, i))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {props.footer && (
          <Table.Tfoot>
            <Table.Tr>
              {props.footer.map((cell, i) => (
                <Table.Th key={i} ta={props.columns[i]?.align}>
                  {cell}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </div>
  );
}

/** The "No." column every report list starts with. */
export function numberColumn<T>(title: string): ReportColumn<T> {
  return { title, value: (_row, i) => i + 1, align: 'right', width: 48 };
}

/**
 * The counts of a report: the line "Jumlah N · Laki-laki L · Perempuan P", then a table of the same per group
 * (class, division) with a totals row.
 */
export function CountsSummary<T extends GenderCounts>(props: {
  all: GenderCounts;
  heading: string;
  label: string;
  /** the title of the group column and a group's name */
  groupTitle: string;
  groupName: (row: T) => string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
}) {
  const { t } = useTranslation();
  const columns: ReportColumn<T>[] = [
    { title: props.groupTitle, value: props.groupName },
    { title: t('reports.male'), value: (c) => c.male, align: 'right', width: 70 },
    { title: t('reports.female'), value: (c) => c.female, align: 'right', width: 70 },
    { title: t('reports.total'), value: (c) => c.total, align: 'right', width: 90 },
  ];
  return (
    <>
      <Text fw={600} data-testid="report-counts">
        {t('reports.countsLine', { ...props.all })}
      </Text>
      <section className={`${classes.section} ${classes.keepTogether}`}>
        <Title order={2} fz="h5" mb="xs">
          {props.heading}
        </Title>
        <ReportTable
          label={props.label}
          columns={columns}
          rows={props.rows}
          rowKey={props.rowKey}
          footer={[t('reports.total'), props.all.male, props.all.female, props.all.total]}
        />
      </section>
    </>
  );
}
