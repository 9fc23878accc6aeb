import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ExamControlBoard } from '@mms/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { useControlBoard } from '../api.ts';
import { clockText } from '../control-model.ts';
import { useControlChoice } from './exam-picker.tsx';

/**
 * The board of the assessment chosen in the URL, read every 5 seconds while the screen is open (no refresh
 * button): its heading, then what the screen shows of it. A failed poll keeps the last board under a warning.
 */
export function ChosenBoard({
  children,
}: {
  /** what the screen shows of the board; `receivedAt` is when it was read (Date.now() of the answer) */
  children: (board: ExamControlBoard, receivedAt: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const { assessmentId } = useControlChoice();
  const board = useControlBoard(assessmentId);
  if (assessmentId === null) return null;
  if (!board.data)
    return board.isError ? (
      <Alert color="red">{errorText(board.error)}</Alert>
    ) : (
      <Skeleton height={240} aria-label={t('examControl.boardLoading')} />
    );
  const a = board.data.assessment;
  return (
    <Stack gap="md" data-testid="control-board">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700}>
          {a.title} · {a.subjectName} · {a.gradeName}
        </Text>
        <Text size="sm">{t('examControl.live', { time: clockText(board.data.serverNow) })}</Text>
      </Group>
      {board.isError && <Alert color="red">{errorText(board.error)}</Alert>}
      {children(board.data, board.dataUpdatedAt)}
    </Stack>
  );
}
