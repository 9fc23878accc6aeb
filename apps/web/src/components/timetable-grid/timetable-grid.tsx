import { Table, Text, UnstyledButton } from '@mantine/core';
import { SCHOOL_DAYS, type BellPeriod, type TimetableSlot } from '@mms/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ExportColumn } from '../data-list/export-xlsx.ts';
import classes from './timetable-grid.module.css';

export interface GridRow {
  period: number;
  startTime: string | null;
  endTime: string | null;
}

/** The rows of a week: the unit's bell times, plus any period a lesson uses that the bell schedule lacks. */
export function gridRows(bell: BellPeriod[] | undefined, slots: TimetableSlot[]): GridRow[] {
  const rows = new Map<number, GridRow>();
  for (const b of bell ?? []) rows.set(b.period, { period: b.period, startTime: b.startTime, endTime: b.endTime });
  for (const s of slots)
    if (!rows.has(s.period)) rows.set(s.period, { period: s.period, startTime: s.startTime, endTime: s.endTime });
  return [...rows.values()].sort((a, b) => a.period - b.period);
}

/** The columns of a timetable's Excel export: one row a lesson. */
export function timetableExportColumns(t: TFunction): ExportColumn<TimetableSlot>[] {
  return [
    { title: t('school.timetable.day'), value: (s) => t(`school.timetable.days.${s.day}`) },
    { title: t('school.timetable.period'), value: (s) => s.period },
    { title: t('school.timetable.time'), value: (s) => (s.startTime ? `${s.startTime}–${s.endTime}` : '') },
    { title: t('school.class'), value: (s) => s.className },
    { title: t('school.subject'), value: (s) => s.subjectName },
    { title: t('school.teacher'), value: (s) => s.teacherName },
  ];
}

/**
 * A Monday–Saturday × period grid. `show` says what a lesson cell names besides the subject (the teacher in a
 * class's week, the class in a teacher's week). With `onCell` every cell is a button (timetable creation).
 */
export function TimetableGrid({
  slots,
  rows,
  show,
  label,
  onCell,
}: {
  slots: TimetableSlot[];
  rows: GridRow[];
  show: 'teacher' | 'class';
  label: string;
  onCell?: (day: number, period: number, slot: TimetableSlot | undefined) => void;
}) {
  const { t } = useTranslation();
  const at = new Map(slots.map((s) => [`${s.day}:${s.period}`, s]));
  const dayName = (d: number) => t(`school.timetable.days.${d}`);
  if (rows.length === 0) return <Text c="dimmed">{t('school.timetable.noLessons')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder withColumnBorders aria-label={label} className={classes.grid}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{t('school.timetable.period')}</Table.Th>
            {SCHOOL_DAYS.map((d) => (
              <Table.Th key={d}>{dayName(d)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.period}>
              <Table.Th scope="row">
                <Text size="sm" fw={600}>
                  {r.period}
                </Text>
                {r.startTime && (
                  <Text size="xs" c="dimmed">
                    {r.startTime}–{r.endTime}
                  </Text>
                )}
              </Table.Th>
              {SCHOOL_DAYS.map((d) => {
                const slot = at.get(`${d}:${r.period}`);
                const body = slot ? (
                  <>
                    <Text size="sm" fw={500} lh={1.2}>
                      {slot.subjectName}
                    </Text>
                    <Text size="xs" c="dimmed" lh={1.2}>
                      {show === 'teacher' ? slot.teacherName : slot.className}
                    </Text>
                  </>
                ) : onCell ? (
                  <Text size="xs" c="dimmed">
                    +
                  </Text>
                ) : null;
                const name = t('school.timetable.slotTitle', { day: dayName(d), period: r.period });
                return (
                  <Table.Td key={d} p={4} data-testid={`cell-${d}-${r.period}`}>
                    {onCell ? (
                      <UnstyledButton
                        className={classes.cell}
                        onClick={() => onCell(d, r.period, slot)}
                        aria-label={
                          slot
                            ? `${name}: ${slot.subjectName}, ${slot.teacherName}`
                            : `${name}: ${t('school.timetable.emptyCell')}`
                        }
                      >
                        {body}
                      </UnstyledButton>
                    ) : (
                      body
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
