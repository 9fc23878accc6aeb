import { Alert, Button, FileButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ExamAnswerFile } from '@mms/shared';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { dateText } from '../../../lib/display.ts';
import { useUploadAnswerFile } from '../api.ts';
import { checkAnswerFile, clockText } from '../control-model.ts';

/** A file's text (FileReader: every browser and the test DOM have it). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });

/**
 * The last resort of a student whose connection broke: the answer file their exam page downloaded. It is checked
 * here first (a wrong file never reaches the server), then sent as JSON; the server keeps the newer saves.
 */
export function AnswerFileUpload({ assessmentId }: { assessmentId: number }) {
  const { t } = useTranslation();
  const upload = useUploadAnswerFile(assessmentId);
  const [picked, setPicked] = useState<{ name: string; file: ExamAnswerFile } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [result, setResult] = useState<{ accepted: number; ignored: number } | null>(null);
  const pick = async (file: File | null) => {
    setPicked(null);
    setResult(null);
    upload.reset();
    if (!file) return;
    const checked = checkAnswerFile(await readText(file), assessmentId);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setPicked({ name: file.name, file: checked.file });
  };
  const send = () => {
    if (!picked) return;
    upload.mutate(picked.file, {
      onSuccess: (r) => {
        setResult(r);
        setPicked(null);
      },
    });
  };
  const created = picked ? `${dateText(picked.file.createdAt, 'short')} ${clockText(picked.file.createdAt)}` : '';
  return (
    <Paper withBorder p="md" data-testid="answer-file">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('examControl.file.title')}
        </Title>
        <Text size="sm">{t('examControl.file.hint')}</Text>
        <Group gap="sm">
          <FileButton onChange={(f) => void pick(f)} accept="application/json,.json">
            {(props) => (
              <Button variant="default" leftSection={<IconFileUpload size={16} aria-hidden />} {...props}>
                {t('examControl.file.pick')}
              </Button>
            )}
          </FileButton>
          {picked && (
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={send} loading={upload.isPending}>
              {t('examControl.file.upload')}
            </Button>
          )}
        </Group>
        {picked && (
          <Text size="sm" data-testid="answer-file-summary">
            {t('examControl.file.summary', {
              file: picked.name,
              attempt: picked.file.attemptId,
              saves: picked.file.saves.length,
              created,
            })}
          </Text>
        )}
        {errors.length > 0 && (
          <Alert color="red" role="alert" data-testid="answer-file-errors">
            <List size="sm">
              {errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {upload.isError && (
          <Alert color="red" role="alert">
            {errorText(upload.error)}
          </Alert>
        )}
        {result && (
          <Alert color="green" role="status" data-testid="answer-file-result">
            {t('examControl.file.result', result)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
