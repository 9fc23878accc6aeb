import 'mantine-datatable/styles.css';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type DataTableColumn } from 'mantine-datatable';
import { ResponsiveDataTable } from '../../../components/data-list/responsive-table.tsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadClientXlsx, downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { notifyError } from '../../../lib/notify.ts';
import { withDisplayCells } from '../../../lib/display.ts';

/**
 * A list the server answers whole (a recap, a day's classes): the table and an Excel export. The server's file is
 * used when it has one; otherwise the file is built in the browser from the visible columns.
 */
export function StaticList<T>(props: {
  label: string;
  records: T[] | undefined;
  columns: DataTableColumn<T>[];
  idAccessor: keyof T & string;
  fetching?: boolean;
  failed?: boolean;
  exportName: string;
  /** the filters chosen, as the export's heading names them (label, value) */
  exportFilters?: (readonly [string, string])[];
  serverExport?: { path: string; query: Record<string, string | number> };
  controls?: ReactNode;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportAll = async () => {
    setExporting(true);
    try {
      if (props.serverExport) {
        await downloadServerExport(props.serverExport.path, props.serverExport.query, `${props.exportName}.xlsx`);
      } else {
        const columns = props.columns
          .filter((c) => typeof c.title === 'string')
          .map((c) => ({
            title: c.title as string,
            value: (row: T) => {
              const v = (row as Record<string, unknown>)[String(c.accessor)];
              return typeof v === 'number' ? v : v == null ? '' : String(v);
            },
          }));
        await downloadClientXlsx(
          { title: props.label, filters: props.exportFilters ?? [] },
          columns,
          props.records ?? [],
          `${props.exportName}.xlsx`,
        );
      }
    } catch (e) {
      notifyError(e);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {props.controls}
        <Button
          ml={{ sm: 'auto' }}
          variant="light"
          color="green"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => void exportAll()}
          loading={exporting}
          disabled={!props.records?.length}
        >
          {t('list.export')}
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <ResponsiveDataTable<T>
          aria-label={props.label}
          idAccessor={props.idAccessor}
          minHeight={props.records?.length ? undefined : 160}
          striped
          highlightOnHover
          records={props.records ?? []}
          columns={withDisplayCells(props.columns)}
          fetching={props.fetching}
          noRecordsText={props.failed ? t('list.loadFailed') : (props.emptyText ?? t('list.empty'))}
        />
      </Paper>
    </Stack>
  );
}
