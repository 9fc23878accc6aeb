import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { errorText } from '../../../i18n/index.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useTeachingHours, useUnits } from '../api.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import '../../../i18n/list/index.ts';

/** tutor/teaching-hours: JP per week of each teacher, scheduled in the timetable and assigned. */
export function TeachingHoursPage() {
  const { t } = useTranslation();
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const hours = useTeachingHours(unitId);
  const items = hours.data?.items ?? [];
  const unitName = useUnits().data?.items.find((u) => u.id === unitId)?.name;
  const exportAll = () =>
    downloadClientXlsx(
      {
        title: t('school.timetable.hoursTitle'),
        filters: [
          ...(unitName ? [[t('school.unit'), unitName] as const] : []),
          ...(hours.data ? [[t('school.semester'), t(`school.semesters.${hours.data.semester}`)] as const] : []),
        ],
      },
      [
        { title: t('school.timetable.nip'), value: (r: (typeof items)[number]) => r.nip },
        { title: t('school.teacher'), value: (r) => r.teacherName },
        { title: t('school.timetable.scheduled'), value: (r) => r.scheduledPeriods },
        { title: t('school.timetable.assigned'), value: (r) => r.assignedHours },
      ],
      items,
      'total-jam-mengajar.xlsx',
    ).catch(notifyError);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.timetable.hoursTitle')}</PageTitle>
      <Group align="flex-end" mb="sm">
        <UnitSelect value={unitId} onChange={setUnitId} />
        {hours.data && (
          <Text c="dimmed" size="sm">
            {t('school.semester')} {t(`school.semesters.${hours.data.semester}`)}
          </Text>
        )}
        <Button
          ml="auto"
          variant="light"
          color="green"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => void exportAll()}
          disabled={items.length === 0}
        >
          {t('list.export')}
        </Button>
      </Group>
      {hours.isError ? (
        <Alert color="red">{errorText(hours.error)}</Alert>
      ) : (
        <DataList<(typeof items)[number]>
          label={t('school.timetable.hoursTitle')}
          records={hours.data ? items : undefined}
          fetching={hours.isFetching}
          idAccessor="employeeId"
          columns={[
            { accessor: 'nip', title: t('school.timetable.nip') },
            { accessor: 'teacherName', title: t('school.teacher') },
            { accessor: 'scheduledPeriods', title: t('school.timetable.scheduled'), textAlign: 'right' },
            {
              accessor: 'assignedHours',
              title: t('school.timetable.assigned'),
              textAlign: 'right',
              render: (r) => (
                <Text inherit c={r.assignedHours !== r.scheduledPeriods ? 'orange' : undefined}>
                  {r.assignedHours}
                </Text>
              ),
            },
          ]}
        />
      )}
    </Paper>
  );
}
