import { Alert, Group, Text, TextInput } from '@mantine/core';
import { toJakarta } from '@mms/shared';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { ListSkeleton } from '../../../components/data-list/list-skeleton.tsx';
import { errorText } from '../../../i18n/index.ts';
import { formatJakartaDate } from '../../../lib/system-api.ts';
import { ClassSelect, UnitSelect, useActiveYearId } from '../../../components/pickers.tsx';
import classes from './report.module.css';
import { serverNow } from '../../../lib/clock.ts';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';

export { classes as reportClasses };

/** The state of the data a report shows (a TanStack query's fields). */
export interface ReportData {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface ReportFrameProps {
  title: string;
  /** the unit the report is about, chosen in the unit filter; null = every unit the reader may see */
  unitId: number | null;
  onUnitChange: (unitId: number | null) => void;
  /** whether "every unit" may be chosen (the foundation's roles) */
  unitClearable: boolean;
  /** the class filter (the unit's classes of the active year), when the report has one */
  classFilter?: { value: number | null; onChange: (classGroupId: number | null) => void };
  /** the search box, when the report has one */
  search?: { value: string; onChange: (text: string) => void; placeholder: string };
  /** a line under the title (the timetable's semester) */
  subtitle?: ReactNode;
  /** the report's own filter controls after unit and class; all filters are left off the paper */
  filters?: ReactNode;
  /** the Excel export, where the API has one */
  onExport?: () => Promise<void>;
  data: ReportData;
  isEmpty: boolean;
  /** what stands in place of the report when nothing is chosen yet (the timetable's unit) */
  placeholder?: ReactNode;
  children: ReactNode;
}

/** A moment on the school's clock (WIB): its date and hh:mm, for "Dicetak Minggu, 22 November 2026, pukul 13:20 WIB". */
export function printedAt(now: Date, language: string): { date: string; time: string } {
  return { date: formatJakartaDate(now, language), time: toJakarta(now).time.slice(0, 5) };
}

/**
 * A leader's printable report on the one printed paper of MMS: the unit's letterhead (the foundation's when
 * every unit is chosen), the title and the moment it was printed, the filters, the Print and Excel buttons,
 * the report with its loading, empty and error states, and the signature block.
 */
export function ReportFrame(props: ReportFrameProps) {
  const { t, i18n } = useTranslation();
  const activeYear = useActiveYearId();
  const printed = printedAt(serverNow(), i18n.language);

  let body: ReactNode;
  if (props.placeholder) body = <Text c="dimmed">{props.placeholder}</Text>;
  else if (props.data.isPending) body = <ListSkeleton rows={8} />;
  else if (props.data.isError)
    body = (
      <Alert color="red" title={t('reports.loadFailed')}>
        {errorText(props.data.error)}
      </Alert>
    );
  else if (props.isEmpty)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('reports.empty')}
      </Text>
    );
  else body = props.children;

  const empty = !!props.placeholder || props.data.isPending || props.data.isError || props.isEmpty;
  return (
    <PrintedPaper
      unitId={props.unitId}
      title={props.title}
      className={classes.report}
      signed={!empty}
      subtitle={
        <>
          {props.subtitle && <Text size="sm">{props.subtitle}</Text>}
          <Text size="xs" c="dimmed" data-testid="report-printed-at">
            {t('reports.printedAt', printed)}
          </Text>
        </>
      }
      actions={
        <>
          <PrintButton />
          {props.onExport && <ExportButton onExport={props.onExport} label={t('reports.export')} />}
        </>
      }
      controls={
        <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="group" aria-label={t('reports.filters')}>
          {props.search && <ReportSearch {...props.search} />}
          <UnitSelect value={props.unitId} onChange={props.onUnitChange} clearable={props.unitClearable} />
          {props.classFilter && (
            <ClassSelect {...props.classFilter} unitId={props.unitId} academicYearId={activeYear} clearable />
          )}
          {props.filters}
        </Group>
      }
    >
      {body}
    </PrintedPaper>
  );
}

/** The search box of a report's filters. */
function ReportSearch(props: { value: string; onChange: (v: string) => void; placeholder: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t('reports.search')}
      placeholder={props.placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      w={{ base: '100%', sm: 240 }}
    />
  );
}
