import type { ExamAnswerFile, ExamSave } from '@mms/shared';

/** The page's last resort: the journal's saves as the file the proctor uploads (`ExamAnswerFile`). */
export function answerFile(
  ids: { attemptId: number; assessmentId: number; deviceId: string },
  saves: readonly ExamSave[],
  createdAt = new Date().toISOString(),
): ExamAnswerFile {
  // the contract takes at most 500 saves; the journal holds one per question, so only a paper longer than that cuts
  return { format: 'mms-exam-answers-1', ...ids, createdAt, saves: saves.slice(0, 500) };
}

/** Offers the file as a download (`jawaban-ujian-<attempt>.json`). */
export function downloadAnswerFile(file: ExamAnswerFile): void {
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `jawaban-ujian-${file.attemptId}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
