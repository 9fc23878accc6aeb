import { Alert, Box, Button, Divider, Group, Paper, Skeleton, Stack } from '@mantine/core';

import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { errorText } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useStudent, useStudentByNis } from '../api.ts';
import { EnrollmentHistory, StudentDetails } from '../components/student-details.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { StudentPhoto } from '../components/student-photo.tsx';
import { CounsellingStatusCard } from '../../counselling/widgets/counselling-status-card.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** students/student/profile/:id and students/student/profile/nis/:nis: a student's profile for staff. */
export function StudentProfilePage() {
  const { t } = useTranslation();
  const params = useParams();
  const user = useCurrentUser();
  const byId = useStudent(params.id ? Number(params.id) : undefined);
  const byNis = useStudentByNis(params.nis);
  const query = params.nis ? byNis : byId;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={960}>
      <PageTitle
        actions={
          query.data && (
            <Group gap="xs">
              {userCan(user, 'student.record') && (
                <Button
                  variant="default"
                  component={Link}
                  to={generatePath(ROUTES['student-record'], { id: String(query.data.id) })}
                >
                  {t('school.students.record')}
                </Button>
              )}
              {userCan(user, 'school.student.manage') && (
                <Button
                  variant="light"
                  color="yellow"
                  component={Link}
                  to={generatePath(ROUTES['principal-student-edit'], { id: String(query.data.id) })}
                >
                  {t('school.edit')}
                </Button>
              )}
            </Group>
          )
        }
      >
        {t('school.students.profileTitle')}
      </PageTitle>
      {query.isPending ? (
        <Skeleton height={300} />
      ) : query.isError ? (
        <Alert color="red">{errorText(query.error)}</Alert>
      ) : (
        <Stack>
          <Group align="flex-start" wrap="wrap">
            <StudentPhoto student={query.data} />
            <Box style={{ flex: 1, minWidth: 260 }}>
              <StudentDetails student={query.data} />
            </Box>
          </Group>
          <Divider />
          <EnrollmentHistory studentId={query.data.id} />
          <CounsellingStatusCard studentId={query.data.id} />
        </Stack>
      )}
    </Paper>
  );
}
