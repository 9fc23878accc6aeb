import { AspectRatio, Button, Center, FileInput, Image, Stack, Text } from '@mantine/core';
import { type Student } from '@mms/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { api, apiForm } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { userCan } from '../../../lib/permissions.ts';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

function usePhotoMutations(id: number) {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: ['/students'] });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return apiForm<Student>(`/students/${id}/photo`, form, { method: 'PUT' });
    },
    onSuccess,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: () => api<Student>(`/students/${id}/photo`, { method: 'DELETE' }),
    onSuccess,
    meta: { silent: true },
  });
  return { upload, remove };
}

// The square crop dialog (issue 18) loads with its own chunk when the photo controls show.
const PersonAvatarButton = lazy(() => import('../../content/widgets/person-avatar-button.tsx'));

/** A student's photo (3:4, or their initials when none) and, for those who manage students, upload and removal. */
export function StudentPhoto({ student }: { student: Student }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const manages = userCan(user, 'school.student.manage');
  const { upload, remove } = usePhotoMutations(student.id);
  const failed = upload.error ?? remove.error;
  return (
    <Stack gap="xs" w={160}>
      <AspectRatio ratio={3 / 4} w={160}>
        {student.photoUrl ? (
          <Image src={student.photoUrl} alt={t('school.photo.alt', { name: student.name })} radius="md" fit="cover" />
        ) : (
          <Center bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Text size="xl" fw={700} c="gray.7" role="img" aria-label={t('school.photo.none', { name: student.name })}>
              {initialsOf(student.name)}
            </Text>
          </Center>
        )}
      </AspectRatio>
      {manages && (
        <>
          <FileInput
            label={t('school.photo.upload')}
            placeholder={t('school.photo.choose')}
            description={t('school.photo.hint')}
            accept="image/jpeg,image/png"
            value={null}
            disabled={upload.isPending}
            onChange={(file) => {
              if (file) upload.mutate(file);
            }}
          />
          <Suspense fallback={null}>
            <PersonAvatarButton kind="students" id={student.id} name={student.name} />
          </Suspense>
          {student.photoUrl && (
            <Button
              color="red"
              variant="light"
              size="xs"
              loading={remove.isPending}
              onClick={() =>
                confirmDialog({
                  title: t('school.photo.removeTitle'),
                  text: t('school.photo.removeText', { name: student.name }),
                  confirm: t('school.photo.remove'),
                  destructive: true,
                  onConfirm: () => remove.mutate(),
                })
              }
            >
              {t('school.photo.remove')}
            </Button>
          )}
          {failed && (
            <Text size="sm" c="red" role="alert">
              {errorText(failed)}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
