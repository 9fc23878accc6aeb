import { Alert, Badge, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { ReturnInput, type AssessmentDetail } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/contract-form.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useAssessment, useAssessmentStep } from '../api.ts';
import { htmlToText } from '../question-model.ts';

/**
 * The curriculum deputy's check of one submitted assessment (issue 12): its questions to read, then approve it
 * or return it to its author with a note on what to fix. Both ask first.
 */
export function CheckDialog({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation();
  const found = useAssessment(id);
  if (!found.data) return <Text size="sm">{t('app.loading')}</Text>;
  return <CheckBody assessment={found.data} onDone={onDone} />;
}

function CheckBody({ assessment: a, onDone }: { assessment: AssessmentDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const step = useAssessmentStep();
  // the note is needed to return it; an approval takes it as it is
  const { field, values, submit } = useContractForm(ReturnInput, { note: '' });
  const note = values.note;
  const run = (action: 'approve' | 'return', done: string) =>
    step.mutate(
      { id: a.id, action, note: note.trim() || null },
      {
        onSuccess: () => {
          notifyInfo(done);
          onDone();
        },
        onError: notifyError,
      },
    );
  const approve = () =>
    confirmDialog({
      title: t('assess.approveTitle'),
      text: t('assess.approveConfirm', { title: a.title }),
      confirm: t('assess.approve'),
      onConfirm: () => run('approve', t('assess.approved')),
    });
  const giveBack = submit(() =>
    confirmDialog({
      title: t('assess.returnTitle'),
      text: t('assess.returnConfirm', { title: a.title }),
      confirm: t('assess.return'),
      destructive: true,
      onConfirm: () => run('return', t('assess.returned')),
    }),
  );
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light">{t(`assess.kinds.${a.kind}`)}</Badge>
        <Text size="sm">
          {a.subjectName} · {a.gradeName} · {a.authorName ?? '-'}
        </Text>
      </Group>
      {a.instructions && <Alert color="gray">{a.instructions}</Alert>}
      <Text fw={600}>
        {t('assess.items')}: {a.itemCount}
      </Text>
      <List type="ordered" spacing="xs">
        {a.items.map((item) => (
          <List.Item key={item.questionId}>
            {htmlToText(item.stem)} ({t('assess.points', { n: item.points })})
          </List.Item>
        ))}
      </List>
      {a.drawRules.length > 0 && (
        <Text size="sm">
          {t('assess.drawRules')}: {a.drawRules.map((r) => t('assess.drawRule', { count: r.count })).join(', ')}
        </Text>
      )}
      <Textarea label={t('assess.note')} description={t('assess.noteHint')} {...field('note')} autosize minRows={2} />
      <Group justify="flex-end">
        <Button
          variant="default"
          color="orange"
          onClick={() => void giveBack()}
          disabled={!a.actions.includes('return')}
        >
          {t('assess.return')}
        </Button>
        <Button color="green" onClick={approve} loading={step.isPending} disabled={!a.actions.includes('approve')}>
          {t('assess.approve')}
        </Button>
      </Group>
    </Stack>
  );
}
