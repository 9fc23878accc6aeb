import { Alert, Badge, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { dateText } from '../../../lib/display.ts';
import { useNote } from '../api.ts';
import { kindText, STATUS_COLORS, statusText, topicText } from './labels.ts';

/** A note's content in a dialog; opening it is one audited read on the server. */
export function NoteDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const note = useNote(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title={t('counselling.detailTitle')} size="lg">
      {note.isPending ? (
        <Skeleton height={200} />
      ) : note.isError ? (
        <Alert color="red">{errorText(note.error)}</Alert>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={600}>{dateText(note.data.date)}</Text>
            <Badge variant="light">{kindText(note.data.kind)}</Badge>
            <Badge variant="light" color="grape">
              {topicText(note.data.topic)}
            </Badge>
            <Badge color={STATUS_COLORS[note.data.status]}>{statusText(note.data.status)}</Badge>
          </Group>
          <Text size="sm">
            {t('counselling.students')}: {note.data.students.map((s) => `${s.name} (${s.nis})`).join(', ')}
          </Text>
          <Text size="sm">
            {t('counselling.counsellor')}: {note.data.counsellorName}
          </Text>
          <Title order={2} fz="h5">
            {t('counselling.discussion')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{note.data.discussion}</Text>
          {note.data.agreement && (
            <>
              <Title order={2} fz="h5">
                {t('counselling.agreement')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{note.data.agreement}</Text>
            </>
          )}
          {note.data.followUpDate && (
            <Text size="sm">{t('counselling.followUpOn', { date: dateText(note.data.followUpDate) })}</Text>
          )}
          {note.data.sharedWithStudent && (
            <>
              <Title order={2} fz="h5">
                {t('counselling.studentSummary')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{note.data.studentSummary}</Text>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
