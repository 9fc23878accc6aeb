import { Group, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { StudentSummary } from '@mms/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { genderText } from '../../../lib/display.ts';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { filterQuery } from '../../../components/data-list/list-params.ts';
import { StudentStatusSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { useReportStudents } from '../api.ts';
import { ReportFrame, reportClasses as classes } from '../components/report-frame.tsx';
import { CountsSummary, numberColumn, ReportTable, type ReportColumn } from '../components/report-table.tsx';
import { classSummary, groupByClass } from '../report-data.ts';

/** report/student-list: the students of a unit per class, with boys, girls and totals, to print or export. */
export function StudentListReportPage() {
  const { t } = useTranslation();
  const ownUnit = useDefaultUnitId();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [unitId, setUnitId] = useState<number | null>(ownUnit);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>('ACTIVE');

  const query = filterQuery({ unitId, classGroupId, status }, q, 'name');
  const students = useReportStudents(query);
  const groups = useMemo(() => groupByClass(students.data?.items ?? []), [students.data]);
  const summary = classSummary(groups);
  const className = (name: string | null) => name ?? t('reports.students.noClass');

  const columns: ReportColumn<StudentSummary>[] = [
    numberColumn(t('reports.no')),
    { title: t('school.students.nis'), value: (s) => s.nis, nowrap: true },
    { title: t('school.students.nisn'), value: (s) => s.nisn ?? '–', nowrap: true },
    { title: t('school.name'), value: (s) => s.name },
    { title: t('reports.genderShort'), value: (s) => genderText(s.gender), align: 'center', width: 60 },
    { title: t('school.status'), value: (s) => t(`school.studentStatus.${s.status}`), width: 90 },
  ];

  return (
    <ReportFrame
      title={t('reports.students.title')}
      unitId={unitId}
      onUnitChange={(v) => {
        setUnitId(v);
        setClassGroupId(null);
      }}
      unitClearable={!ownUnit}
      classFilter={{ value: classGroupId, onChange: setClassGroupId }}
      search={{ value: search, onChange: setSearch, placeholder: t('reports.students.searchPlaceholder') }}
      filters={<StudentStatusSelect value={status} onChange={setStatus} />}
      data={students}
      isEmpty={groups.length === 0}
      onExport={() => downloadServerExport('/students', query, 'laporan-daftar-siswa.xlsx')}
    >
      <CountsSummary
        all={summary.all}
        heading={t('reports.students.perClass')}
        label={t('reports.students.summaryLabel')}
        groupTitle={t('school.class')}
        groupName={(c) => className(c.className)}
        rows={summary.classes}
        rowKey={(c) => c.classGroupId ?? 0}
      />
      {groups.map((g, i) => (
        <section key={g.classGroupId ?? 0} className={`${classes.section} ${classes.pageBreak}`}>
          <Group justify="space-between" align="baseline" mb="xs">
            <Title order={2} fz="h4">
              {t('reports.students.classHeading', { name: className(g.className) })}
            </Title>
            <Text size="sm">{t('reports.students.classCount', { ...summary.classes[i]! })}</Text>
          </Group>
          <ReportTable
            label={t('reports.students.tableLabel', { name: className(g.className) })}
            columns={columns}
            rows={g.rows}
            rowKey={(s) => s.id}
          />
        </section>
      ))}
    </ReportFrame>
  );
}
