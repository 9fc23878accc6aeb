import { notifyDone } from '../../../lib/notify.ts';
import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { StudentSelfUpdate, type Student } from '@mms/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { useOwnStudent, useUpdateOwnStudent } from '../api.ts';
import { contractResolver, emptyToNull, showServerErrors } from '../components/form-utils.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { StudentDetails } from '../components/student-details.tsx';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';

type SelfValues = { phone: string; parentPhone: string; address: string };

function SelfForm({ student }: { student: Student }) {
  const { t } = useTranslation();
  const update = useUpdateOwnStudent();
  const form = useForm<SelfValues>({
    resolver: contractResolver<SelfValues>(StudentSelfUpdate),
    defaultValues: {
      phone: student.phone ?? '',
      parentPhone: student.parentPhone ?? '',
      address: student.address ?? '',
    },
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const submit = form.handleSubmit((values) =>
    update.mutate(StudentSelfUpdate.parse(emptyToNull(values)), {
      onSuccess: () => {
        // the saved values are the form's new starting point
        form.reset(values);
        notifyDone('saved');
      },
      onError: (e) => showServerErrors(form, e),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text c="dimmed" size="sm">
          {t('school.students.meLead')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="tel"
            label={t('school.students.phone')}
            {...form.register('phone')}
            error={errors.phone?.message}
          />
          <TextInput
            type="tel"
            label={t('school.students.parentPhone')}
            {...form.register('parentPhone')}
            error={errors.parentPhone?.message}
          />
        </SimpleGrid>
        <Textarea
          label={t('school.students.address')}
          autosize
          minRows={2}
          {...form.register('address')}
          error={errors.address?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" color="green" loading={update.isPending}>
            {t('school.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** students/student/me: the signed-in student's own record and the fields they may change. */
export function StudentMePage() {
  const { t } = useTranslation();
  const me = useOwnStudent();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={960}>
      <PageTitle>{t('school.students.meTitle')}</PageTitle>
      {me.isPending ? (
        <Skeleton height={300} />
      ) : me.isError ? (
        <Alert color="red">{errorText(me.error)}</Alert>
      ) : (
        <Stack>
          <StudentDetails student={me.data} />
          <Divider />
          <SelfForm student={me.data} />
        </Stack>
      )}
    </Paper>
  );
}
