import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { StudentSummary } from '@mms/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { genderText } from '../../../lib/display.ts';
import { useSearchParams } from 'react-router';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { useClassGroup } from '../api.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, useActiveYearId } from '../../../components/pickers.tsx';
import { StudentStatusBadge } from '../components/student-status-badge.tsx';

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value ?? '–'}</Text>
    </div>
  );
}

/** tutor/class-structure: a class with its homeroom teacher and enrolled students (`?class=<id>`). */
export function ClassStructurePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const classId = Number(params.get('class')) || null;
  const activeYear = useActiveYearId();
  const klass = useClassGroup(classId);
  const columns = useMemo<ListColumn<StudentSummary>[]>(
    () => [
      { accessor: 'nis', title: t('school.students.nis'), sortable: true },
      { accessor: 'nisn', title: t('school.students.nisn') },
      { accessor: 'name', title: t('school.name'), sortable: true },
      { accessor: 'gender', title: t('school.gender'), render: (s) => genderText(s.gender) },
      { accessor: 'status', title: t('school.status'), render: (s) => <StudentStatusBadge status={s.status} /> },
    ],
    [t],
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.structure.title')}</PageTitle>
      <Stack>
        <Group>
          <ClassSelect
            label={t('school.structure.chooseClass')}
            placeholder={t('school.choose')}
            value={classId}
            academicYearId={activeYear}
            onChange={(v) => setParams(v ? { class: String(v) } : {}, { replace: true })}
          />
        </Group>
        {klass.data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Fact label={t('school.class')} value={klass.data.name} />
              <Fact label={t('school.year')} value={klass.data.academicYearName} />
              <Fact label={t('school.classes.homeroom')} value={klass.data.homeroomName} />
              <Fact label={t('school.classes.students')} value={klass.data.studentCount} />
              <Fact label={t('school.classes.room')} value={klass.data.room} />
              <Fact label={t('school.classes.program')} value={klass.data.program} />
            </SimpleGrid>
            <DataList<StudentSummary>
              path="/students"
              label={t('school.structure.studentsLabel')}
              columns={columns}
              defaultSort={{ columnAccessor: 'name', direction: 'asc' }}
              exportName={`kelas-${klass.data.name}`}
              serverExport
              filters={{ classGroupId: klass.data.id, unitId: klass.data.unitId }}
              initialPageSize={50}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
