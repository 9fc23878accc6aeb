import { Paper, Text } from '@mantine/core';
import type { ClassGroup } from '@mms/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useSetHomeroom } from '../api.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  TeacherSelect,
  UnitSelect,
  useActiveYearId,
  useDefaultUnitId,
  YearSelect,
} from '../../../components/pickers.tsx';

/** tutor/homeroom: the homeroom teacher (wali kelas) of each class; a choice is saved at once. */
export function HomeroomPage() {
  const { t } = useTranslation();
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const activeYear = useActiveYearId();
  const [yearChoice, setYear] = useState<number | null>(null);
  const academicYearId = yearChoice ?? activeYear;
  const setHomeroom = useSetHomeroom();

  const columns = useMemo<ListColumn<ClassGroup>[]>(
    () => [
      { accessor: 'name', title: t('school.classes.name'), sortable: true },
      { accessor: 'academicYearName', title: t('school.year') },
      { accessor: 'studentCount', title: t('school.classes.students'), textAlign: 'right' },
      {
        accessor: 'homeroomName',
        title: t('school.classes.homeroom'),
        width: 320,
        render: (c) => (
          <TeacherSelect
            label={null}
            aria-label={`${t('school.classes.homeroom')} ${c.name}`}
            placeholder={t('school.noneChosen')}
            unitId={c.unitId}
            value={c.homeroomEmployeeId}
            clearable
            onChange={(employeeId) =>
              setHomeroom.mutate(
                { classId: c.id, employeeId },
                {
                  onSuccess: () => notifyInfo(t('school.homeroom.saved', { name: c.name })),
                  onError: (e) => notifyError(e),
                },
              )
            }
          />
        ),
      },
    ],
    [t, setHomeroom],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.homeroom.title')}</PageTitle>
      <Text c="dimmed" size="sm" mb="sm">
        {t('school.homeroom.lead')}
      </Text>
      <DataList<ClassGroup>
        path="/classes"
        label={t('school.homeroom.title')}
        columns={columns}
        exportName="wali-kelas"
        exportColumns={[
          { title: t('school.classes.name'), value: (c) => c.name },
          { title: t('school.year'), value: (c) => c.academicYearName },
          { title: t('school.classes.homeroom'), value: (c) => c.homeroomName },
        ]}
        filters={{ unitId, academicYearId }}
        filterControls={
          <>
            <UnitSelect value={unitId} onChange={setUnitId} />
            <YearSelect value={academicYearId} onChange={setYear} />
          </>
        }
      />
    </Paper>
  );
}
