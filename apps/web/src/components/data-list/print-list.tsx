import { Button, Table } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { defaultExportColumns, type ListColumn } from './data-list.tsx';
import { fetchAllPages } from './fetch-all.ts';
import { filterQuery, type ListFilters } from './list-params.ts';
import { PrintedPaper } from '../print/printed-paper.tsx';
import { notifyError } from '../../lib/notify.ts';
import classes from './print-list.module.css';

/**
 * "Cetak" of a list: reads every row the filters select (as the Excel export does), lays them out on the printed
 * paper with the unit's letterhead, and prints it; on screen the paper stays hidden.
 */
export function PrintListButton<T>(props: {
  path: string;
  filters: ListFilters;
  title: string;
  unitId: number | null;
  columns: ListColumn<T>[];
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!rows) return;
    const done = () => setRows(null);
    window.addEventListener('afterprint', done);
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [rows]);
  const print = async () => {
    setLoading(true);
    try {
      setRows((await fetchAllPages<T>(props.path, filterQuery(props.filters))).items);
    } catch (e) {
      notifyError(e);
    } finally {
      setLoading(false);
    }
  };
  const columns = defaultExportColumns(props.columns);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        loading={loading}
        onClick={() => void print()}
      >
        {t('print.print')}
      </Button>
      {rows &&
        createPortal(
          <div className={classes.printList} data-testid="print-list">
            <PrintedPaper unitId={props.unitId} title={props.title}>
              <Table withTableBorder withColumnBorders>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Th key={c.title}>{c.title}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {columns.map((c) => (
                        <Table.Td key={c.title}>{c.value(row) ?? ''}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PrintedPaper>
          </div>,
          document.body,
        )}
    </>
  );
}
