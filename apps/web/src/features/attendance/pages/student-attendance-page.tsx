import { Stack, Title } from '@mantine/core';
import type { StudentAttendanceRow } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { jakartaToday } from '../api.ts';
import { CodeBadge } from '../components/code-badge.tsx';
import { DateField } from '../../../components/date-fields.tsx';

/** A student's own attendance, daily and per lesson. */
export function StudentAttendancePage() {
  const { t } = useTranslation();
  const today = jakartaToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const columns: ListColumn<StudentAttendanceRow>[] = [
    { accessor: 'date', title: t('att.date') },
    {
      accessor: 'code',
      title: t('att.code'),
      render: (r) => <CodeBadge code={r.code} />,
      exportValue: (r) => `${r.code} · ${t(`att.codes.${r.code}`)}`,
    },
    { accessor: 'lateMinutes', title: t('att.late') },
    { accessor: 'source', title: t('att.sourceTitle'), render: (r) => t(`att.source.${r.source}`) },
    { accessor: 'note', title: t('att.note') },
  ];
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('att.studentTitle')}
      </Title>
      <DataList<StudentAttendanceRow>
        path="/attendance/me"
        label={t('att.studentTitle')}
        columns={columns}
        filters={{ from, to }}
        exportName="presensi-saya"
        filterControls={
          <>
            <DateField label={t('att.from')} value={from} onChange={(v) => v && setFrom(v)} />
            <DateField label={t('att.to')} value={to} onChange={(v) => v && setTo(v)} />
          </>
        }
      />
    </Stack>
  );
}
