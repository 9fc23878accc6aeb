import { notifyDone } from '../../../lib/notify.ts';
import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import type { StudentInput, StudentUpdate } from '@mms/shared';
import { ROUTES } from '../../../lib/route-names.ts';
import { errorText } from '../../../i18n/index.ts';
import { useCreateStudent, useStudent, useUpdateStudent } from '../api.ts';
import { showServerErrors } from '../components/form-utils.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useDefaultUnitId } from '../../../components/pickers.tsx';
import { StudentForm } from '../components/student-form.tsx';
import { StudentPhoto } from '../components/student-photo.tsx';

/** principal/student-input: a new student. */
export function StudentInputPage() {
  const { t } = useTranslation();
  const create = useCreateStudent();
  const navigate = useNavigate();
  const unitId = useDefaultUnitId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={960}>
      <PageTitle>{t('school.students.inputTitle')}</PageTitle>
      <StudentForm
        defaultUnitId={unitId}
        saving={create.isPending}
        onSubmit={(body, form) =>
          create.mutate(body as StudentInput, {
            onSuccess: (s) => {
              notifyDone('saved');
              void navigate(generatePath(ROUTES['student-profile'], { id: String(s.id) }));
            },
            onError: (e) => showServerErrors(form, e),
          })
        }
      />
    </Paper>
  );
}

/** principal/student-edit/:id: change a student, including the status. */
export function StudentEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const student = useStudent(id);
  const update = useUpdateStudent(id);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={960}>
      <PageTitle
        actions={
          <Button variant="default" component={Link} to={generatePath(ROUTES['student-profile'], { id: String(id) })}>
            {t('school.back')}
          </Button>
        }
      >
        {t('school.students.editTitle')}
      </PageTitle>
      {student.isPending ? (
        <Skeleton height={400} />
      ) : student.isError ? (
        <Alert color="red">{errorText(student.error)}</Alert>
      ) : (
        <Stack>
          <StudentPhoto student={student.data} />
          <StudentForm
            key={student.data.id}
            student={student.data}
            defaultUnitId={student.data.unitId}
            saving={update.isPending}
            onSubmit={(body, form) =>
              update.mutate(body as StudentUpdate, {
                onSuccess: () => notifyDone('saved'),
                onError: (e) => showServerErrors(form, e),
              })
            }
          />
        </Stack>
      )}
    </Paper>
  );
}
