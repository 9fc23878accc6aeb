import { Group, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { filterQuery } from '../../../components/data-list/list-params.ts';
import { useAcademicYears, useBellTimes, useClassGroups, useUnits } from '../../school/api.ts';
import { useActiveYearId, useDefaultUnitId } from '../../../components/pickers.tsx';
import { gridRows, TimetableGrid, timetableExportColumns } from '../../../components/timetable-grid/timetable-grid.tsx';
import { useReportTimetable } from '../api.ts';
import { ReportFrame, reportClasses as classes } from '../components/report-frame.tsx';
import { classWeeks } from '../report-data.ts';

/** report/schedule: a unit's whole week, one Monday–Saturday grid with bell times per class, to print. */
export function ScheduleReportPage() {
  const { t } = useTranslation();
  const units = useUnits();
  const activeYear = useActiveYearId();
  const years = useAcademicYears();
  const [chosenUnit, setChosenUnit] = useState<number | null>(useDefaultUnitId());
  // the foundation's roles have no own unit: the report starts on the first one
  const unitId = chosenUnit ?? units.data?.items[0]?.id ?? null;
  const [classGroupId, setClassGroupId] = useState<number | null>(null);

  const query = filterQuery({ unitId, classGroupId });
  const timetable = useReportTimetable(query);
  const bell = useBellTimes(unitId);
  const classGroups = useClassGroups({ unitId, academicYearId: activeYear });
  const weeks = useMemo(() => classWeeks(timetable.data?.items ?? []), [timetable.data]);
  const homeroomOf = new Map((classGroups.data?.items ?? []).map((c) => [c.id, c.homeroomName]));

  const period = timetable.data;
  const yearName = years.data?.items.find((y) => y.id === period?.academicYearId)?.name;
  const subtitle =
    period && yearName
      ? t('reports.schedule.period', { semester: t(`school.semesters.${period.semester}`), year: yearName })
      : undefined;

  return (
    <ReportFrame
      title={t('reports.schedule.title')}
      unitId={unitId}
      subtitle={subtitle}
      data={timetable}
      isEmpty={weeks.length === 0}
      placeholder={unitId ? undefined : t('reports.schedule.chooseUnit')}
      onExport={() =>
        downloadClientXlsx(
          {
            title: t('reports.schedule.title'),
            filters: [
              [t('school.unit'), units.data?.items.find((u) => u.id === unitId)?.name ?? ''],
              ...(classGroupId
                ? [[t('school.class'), classGroups.data?.items.find((c) => c.id === classGroupId)?.name ?? ''] as const]
                : []),
              ...(subtitle ? [[t('school.semester'), subtitle] as const] : []),
            ],
          },
          timetableExportColumns(t),
          weeks.flatMap((w) => w.rows),
          'laporan-jadwal-pelajaran.xlsx',
        )
      }
      onUnitChange={(v) => {
        setChosenUnit(v);
        setClassGroupId(null);
      }}
      unitClearable={false}
      classFilter={{ value: classGroupId, onChange: setClassGroupId }}
    >
      {weeks.map((w, i) => {
        const homeroom = homeroomOf.get(w.classGroupId ?? 0);
        return (
          <section
            key={w.classGroupId}
            className={`${classes.section} ${classes.keepTogether} ${i > 0 ? classes.pageBreak : ''}`}
          >
            <Group justify="space-between" align="baseline" mb="xs">
              <Title order={2} fz="h4">
                {t('reports.schedule.classHeading', { name: w.className })}
              </Title>
              <Text size="sm">
                {homeroom ? `${t('reports.schedule.homeroom', { name: homeroom })} · ` : ''}
                {t('reports.schedule.lessons', { count: w.rows.length })}
              </Text>
            </Group>
            <TimetableGrid
              slots={w.rows}
              rows={gridRows(bell.data?.periods, w.rows)}
              show="teacher"
              label={t('school.timetable.gridLabel', { name: w.className })}
            />
          </section>
        );
      })}
    </ReportFrame>
  );
}
