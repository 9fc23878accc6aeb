import { ExamAnswerFile } from '@mms/shared';
import { describe, expect, it } from 'vitest';
import { answerFile } from './answer-file.ts';

describe('the answer file (the last resort)', () => {
  it("matches the contract's ExamAnswerFile with the journal's saves", () => {
    const file = answerFile({ attemptId: 31, assessmentId: 7, deviceId: 'abcdef123456' }, [
      { questionId: 101, clientSeq: 5, response: { type: 'SINGLE', optionId: 'a' }, flagged: true },
      { questionId: 105, clientSeq: 6, response: { type: 'SHORT', text: 'Jakarta' }, flagged: false },
    ]);
    expect(ExamAnswerFile.safeParse(file).success).toBe(true);
    expect(file).toMatchObject({ format: 'mms-exam-answers-1', attemptId: 31, assessmentId: 7 });
    expect(file.saves).toHaveLength(2);
  });
});
