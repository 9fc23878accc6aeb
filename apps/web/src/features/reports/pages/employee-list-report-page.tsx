import { useDebouncedValue } from '@mantine/hooks';
import { DIVISION_LABELS, type Division, type EmployeeSummary } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { divisionText, genderText } from '../../../lib/display.ts';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { filterQuery } from '../../../components/data-list/list-params.ts';
import { DivisionSelect, EmployeeActiveSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { useReportEmployees } from '../api.ts';
import { ReportFrame, reportClasses as classes } from '../components/report-frame.tsx';
import { CountsSummary, numberColumn, ReportTable, type ReportColumn } from '../components/report-table.tsx';
import { countGenders, divisionSummary } from '../report-data.ts';

/** report/employee-list: the staff of a unit with their division and status, counted per division. */
export function EmployeeListReportPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const ownUnit = useDefaultUnitId();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [unitId, setUnitId] = useState<number | null>(ownUnit);
  const [division, setDivision] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>('true');

  const query = filterQuery({ unitId, division, active }, q, 'name');
  const employees = useReportEmployees(query);
  const rows = employees.data?.items ?? [];
  const divisionName = (d: Division | null) => (d ? DIVISION_LABELS[d][lang] : t('reports.employees.noDivision'));

  const columns: ReportColumn<EmployeeSummary>[] = [
    numberColumn(t('reports.no')),
    { title: t('school.employees.nip'), value: (e) => e.nip, nowrap: true },
    { title: t('school.name'), value: (e) => e.name },
    { title: t('reports.genderShort'), value: (e) => genderText(e.gender), align: 'center', width: 60 },
    { title: t('school.employees.position'), value: (e) => divisionText(e.position) },
    // the unit is in the letterhead when one is chosen
    ...(unitId === null ? [{ title: t('school.unit'), value: (e: EmployeeSummary) => e.unitCode ?? '–' }] : []),
    { title: t('school.employees.division'), value: (e) => divisionName(e.division) },
    {
      title: t('school.status'),
      value: (e) => (e.isActive ? t('school.employees.active') : t('school.employees.inactive')),
      width: 90,
    },
  ];

  return (
    <ReportFrame
      title={t('reports.employees.title')}
      unitId={unitId}
      onUnitChange={setUnitId}
      unitClearable={!ownUnit}
      search={{ value: search, onChange: setSearch, placeholder: t('reports.employees.searchPlaceholder') }}
      filters={
        <>
          <DivisionSelect value={division} onChange={setDivision} />
          <EmployeeActiveSelect value={active} onChange={setActive} />
        </>
      }
      data={employees}
      isEmpty={rows.length === 0}
      onExport={() => downloadServerExport('/employees', query, 'laporan-daftar-pegawai.xlsx')}
    >
      <CountsSummary
        all={countGenders(rows)}
        heading={t('reports.employees.perDivision')}
        label={t('reports.employees.summaryLabel')}
        groupTitle={t('school.employees.division')}
        groupName={(d) => divisionName(d.division)}
        rows={divisionSummary(rows)}
        rowKey={(d) => d.division ?? ''}
      />
      <section className={classes.section}>
        <ReportTable label={t('reports.employees.tableLabel')} columns={columns} rows={rows} rowKey={(e) => e.id} />
      </section>
    </ReportFrame>
  );
}
