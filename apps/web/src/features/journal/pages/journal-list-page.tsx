import { Badge, Stack, Switch, Title } from '@mantine/core';
import type { JournalSummary } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { ClassSelect, DateInputs } from '../components/filters.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { dateText } from '../../../lib/display.ts';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';

type Variant = 'topics' | 'lessons' | 'report' | 'student';

/** Journal lists: the teacher's topics, lessons with their absences per class, and the leaders' journal report. */
function JournalList({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const today = serverToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [mine, setMine] = useState(variant === 'topics' || variant === 'lessons');
  const staff = variant !== 'student';
  const columns: ListColumn<JournalSummary>[] = [
    { accessor: 'date', title: t('att.date'), sortable: true },
    { accessor: 'period', title: t('journal.lesson'), render: (r) => t('journal.period', { period: r.period }) },
    { accessor: 'className', title: t('att.class') },
    { accessor: 'subjectName', title: t('journal.subject') },
    ...(variant === 'topics'
      ? []
      : [
          {
            accessor: 'teacherName',
            title: t('journal.teacher'),
            render: (r: JournalSummary) =>
              r.substituteName ? `${r.substituteName} (${r.teacherName})` : r.teacherName,
          },
        ]),
    { accessor: 'topic', title: t('journal.topic') },
    ...(variant === 'topics' ? [{ accessor: 'objective', title: t('journal.objective') }] : []),
    {
      accessor: 'absentCount',
      title: t('journal.absentCount'),
      textAlign: 'right',
      render: (r) => (r.absentCount ? <Badge color="red">{r.absentCount}</Badge> : '0'),
    },
    ...(variant === 'report' || variant === 'student'
      ? []
      : [
          rowActionsColumn<JournalSummary>((r) => (
            <RowActions
              name={`${r.subjectName} ${r.className} ${dateText(r.date)}`}
              edit={`${ROUTES['tutor-journal']}?slot=${r.timetableSlotId}&date=${r.date}&class=${r.classGroupId}`}
            />
          )),
        ]),
  ];
  return (
    <DataList<JournalSummary>
      path="/journals"
      label={t(`journal.titles.${variant}`)}
      columns={columns}
      filters={{ from, to, classGroupId, mine: mine ? 'true' : undefined }}
      exportName={`jurnal-kelas-${from}-${to}`}
      filterControls={
        <>
          <DateInputs from={from} to={to} setFrom={setFrom} setTo={setTo} />
          {staff && <ClassSelect value={classGroupId} onChange={setClassGroupId} />}
          {(variant === 'topics' || variant === 'lessons') && (
            <Switch
              label={t('journal.mine')}
              checked={mine}
              onChange={(e) => setMine(e.currentTarget.checked)}
              pb={8}
            />
          )}
        </>
      }
    />
  );
}

function Page({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t(`journal.titles.${variant}`)}
      </Title>
      <JournalList variant={variant} />
    </Stack>
  );
}

export const JournalTopicsPage = () => <Page variant="topics" />;
export const JournalLessonsPage = () => <Page variant="lessons" />;
export const JournalReportPage = () => <Page variant="report" />;
export const StudentJournalPage = () => <Page variant="student" />;
