import { Select, Text, Title } from '@mantine/core';
import { academicPeriodOfDate, SEMESTERS, type ScoringReport, type Semester } from '@mms/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadClientXlsx, type ExportColumn } from '../../../components/data-list/export-xlsx.ts';
import { filterQuery } from '../../../components/data-list/list-params.ts';
import {
  ClassSelect,
  SubjectSelect,
  useActiveYearId,
  useDefaultUnitId,
  YearSelect,
} from '../../../components/pickers.tsx';
import { api } from '../../../lib/api.ts';
import { serverToday } from '../../../lib/clock.ts';
import { ReportFrame, reportClasses as classes } from '../components/report-frame.tsx';
import { numberColumn, ReportTable, type ReportColumn } from '../components/report-table.tsx';
import { scoringSummary, scoringTotals, type ScoringSummaryRow } from '../scoring-report-data.ts';

/** A grade as the school writes it: 87,5 (Indonesian) or 87.5; '–' when there is none. */
const scoreText = (n: number | null, lang: string) =>
  n === null ? '–' : n.toLocaleString(lang === 'en' ? 'en-US' : 'id-ID', { maximumFractionDigits: 2 });

/**
 * report/scoring (Laporan nilai): per class and subject of a unit the recap of the semester (the same figures as
 * the teachers' recap: the grades service computes them), its class mean, KKM and who is below it; filtered by
 * unit, year, semester, class and subject; printed on the letterhead and exported to Excel.
 */
export function ScoringReportPage() {
  const { t, i18n } = useTranslation();
  const ownUnit = useDefaultUnitId();
  const activeYear = useActiveYearId();
  const [unitId, setUnitId] = useState<number | null>(ownUnit);
  const [chosenYear, setYear] = useState<number | null>(null);
  const yearId = chosenYear ?? activeYear;
  const [semester, setSemester] = useState<Semester>(() => academicPeriodOfDate(serverToday()).semester);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);

  const query = filterQuery({ unitId, academicYearId: yearId, semester, classGroupId, subjectId });
  const report = useQuery({
    queryKey: ['/reports/scoring', query],
    queryFn: ({ signal }) => api<ScoringReport>('/reports/scoring', { query, signal }),
    // the year is known first (without it the server takes the active one, but the class filter needs it)
    enabled: yearId !== null,
  });
  const rows = scoringSummary(report.data?.recaps ?? []);
  const totals = scoringTotals(rows);
  const semesterText = t(`scoringReport.semesters.${semester}`);
  const subtitle = report.data?.academicYear
    ? t('scoringReport.subtitle', { year: report.data.academicYear.name, semester: semesterText })
    : undefined;
  const belowText = (r: ScoringSummaryRow) =>
    r.belowStudents.map((s) => `${s.name} (${scoreText(s.final, i18n.language)})`).join(', ');

  const columns: ReportColumn<ScoringSummaryRow>[] = [
    numberColumn(t('reports.no')),
    { title: t('scoringReport.className'), value: (r) => r.className, nowrap: true },
    { title: t('scoringReport.subject'), value: (r) => r.subjectName },
    { title: t('scoringReport.kkm'), value: (r) => r.kkm, align: 'right' },
    { title: t('scoringReport.students'), value: (r) => r.students, align: 'right' },
    { title: t('scoringReport.graded'), value: (r) => r.graded, align: 'right' },
    { title: t('scoringReport.mean'), value: (r) => scoreText(r.mean, i18n.language), align: 'right' },
    { title: t('scoringReport.below'), value: (r) => r.below, align: 'right' },
    { title: t('scoringReport.belowHeading'), value: (r) => belowText(r) || '–' },
  ];
  const exportColumns: ExportColumn<ScoringSummaryRow>[] = [
    { title: t('scoringReport.className'), value: (r) => r.className },
    { title: t('scoringReport.subject'), value: (r) => r.subjectName },
    { title: t('scoringReport.kkm'), value: (r) => r.kkm },
    { title: t('scoringReport.students'), value: (r) => r.students },
    { title: t('scoringReport.graded'), value: (r) => r.graded },
    { title: t('scoringReport.mean'), value: (r) => r.mean },
    { title: t('scoringReport.below'), value: (r) => r.below },
    { title: t('scoringReport.belowHeading'), value: (r) => belowText(r) },
  ];
  const exportFilters: [string, string][] = [
    [t('scoringReport.semester'), semesterText],
    ...(report.data?.academicYear ? [[t('school.year'), report.data.academicYear.name] as [string, string]] : []),
  ];

  return (
    <ReportFrame
      title={t('scoringReport.title')}
      subtitle={subtitle}
      unitId={unitId}
      onUnitChange={(v) => {
        setUnitId(v);
        setClassGroupId(null);
        setSubjectId(null);
      }}
      unitClearable={!ownUnit}
      filters={
        <>
          <YearSelect
            value={yearId}
            onChange={(v) => {
              setYear(v);
              setClassGroupId(null);
            }}
          />
          <Select
            label={t('scoringReport.semester')}
            data={SEMESTERS.map((s) => ({ value: s, label: t(`scoringReport.semesters.${s}`) }))}
            value={semester}
            onChange={(v) => v && setSemester(v as Semester)}
            allowDeselect={false}
            w={{ base: '100%', sm: 140 }}
          />
          {/* the classes of the chosen year (the active one at first): never every year's */}
          {yearId !== null && (
            <ClassSelect
              value={classGroupId}
              onChange={setClassGroupId}
              unitId={unitId}
              academicYearId={yearId}
              clearable
            />
          )}
          <SubjectSelect
            value={subjectId}
            onChange={setSubjectId}
            unitId={unitId}
            placeholder={t('distrib.allSubjects')}
          />
        </>
      }
      data={report}
      isEmpty={rows.length === 0}
      onExport={() =>
        downloadClientXlsx(
          { title: t('scoringReport.title'), filters: exportFilters },
          exportColumns,
          rows,
          'laporan-nilai.xlsx',
        )
      }
    >
      <section className={classes.section}>
        <Title order={2} fz="h4" mb="xs">
          {t('scoringReport.summary')}
        </Title>
        <ReportTable
          label={t('scoringReport.summaryLabel')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          footer={[
            '',
            t('scoringReport.total'),
            '',
            '',
            totals.students,
            totals.graded,
            scoreText(totals.mean, i18n.language),
            totals.below,
            '',
          ]}
        />
        {totals.below === 0 && (
          <Text size="sm" mt="xs">
            {t('scoringReport.noneBelow')}
          </Text>
        )}
      </section>
    </ReportFrame>
  );
}
