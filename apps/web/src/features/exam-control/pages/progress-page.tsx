import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { AnswerFileUpload } from '../components/answer-file-upload.tsx';
import { ChosenBoard } from '../components/chosen-board.tsx';
import { ExamPicker } from '../components/exam-picker.tsx';
import { TakerBoard } from '../components/taker-board.tsx';
import { TokenPanel } from '../components/token-panel.tsx';

/**
 * "Kontrol ujian: progres" (issue 13): the proctor chooses today's quiz or exam and watches every taker live,
 * gives time, lets a student change device, submits or reopens an attempt, shows the token and takes in an
 * answer file. The server decides which assessments and rows this person sees.
 */
export function ControlProgressPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle>{t('examControl.titleProgress')}</PageTitle>
      <ExamPicker />
      <ChosenBoard>
        {(board, receivedAt) => (
          <>
            {board.assessment.tokenRequired && <TokenPanel assessmentId={board.assessment.id} />}
            <TakerBoard key={`board-${board.assessment.id}`} board={board} receivedAt={receivedAt} />
            <AnswerFileUpload key={`file-${board.assessment.id}`} assessmentId={board.assessment.id} />
          </>
        )}
      </ChosenBoard>
    </Stack>
  );
}
