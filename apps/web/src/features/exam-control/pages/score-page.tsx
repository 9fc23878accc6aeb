import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { ChosenBoard } from '../components/chosen-board.tsx';
import { ExamPicker } from '../components/exam-picker.tsx';
import { ScoreTable } from '../components/score-table.tsx';

/**
 * "Kontrol ujian: nilai" (issue 13): every taker's grade, essays still to mark, passed or not against the pass
 * mark and who submitted, live while the exam runs; printed on the letterhead or exported to Excel.
 */
export function ControlScorePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle>{t('examControl.titleScore')}</PageTitle>
      <ExamPicker />
      <ChosenBoard>{(board) => <ScoreTable board={board} />}</ChosenBoard>
    </Stack>
  );
}
