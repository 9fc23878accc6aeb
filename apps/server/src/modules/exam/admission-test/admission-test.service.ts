import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import * as test from './admission-test.repo.ts';
import * as repo from '../exam.repo.ts';

/**
 * What the exam engine offers the admission selection test (issue 38 part 2): the wave's test and bank, the
 * applicants' drawn papers and their attempts, with the applicant as taker. The rules of taking a test (paper, save
 * protocol, deadline, submission, scoring) are play/exam.service.ts's and scoring/attempt-score.ts's, the same for every taker.
 */

export type { BankVersion, TestAttempt } from './admission-test.repo.ts';

// the unit's ADMISSION bank of the question bank
export const bankQuestion = test.bankQuestion;
export const listBank = test.listBank;
export const bankTags = test.bankTags;
export const insertBankQuestion = test.insertBankQuestion;
export const lockBankQuestion = test.lockBankQuestion;
export const versionDrawn = test.versionDrawn;
export const writeVersion = test.writeVersion;
export const deleteBankQuestion = test.deleteBankQuestion;
export const bankForDraw = test.bankForDraw;

// the wave's test (an ADMISSION assessment) and each applicant's drawn paper
export const waveTest = test.waveTest;
export const setSizes = test.setSizes;
export const replaceSet = test.replaceSet;

// the applicants' attempts and answers
export const attemptsOfTest = test.attemptsOfTest;
export const applicantAttempt = test.applicantAttempt;
export const reviewAnswers = test.reviewAnswers;
export const correctAnswer = test.correctAnswer;
export const findAttempt = repo.findAttempt;
export const savedAnswers = repo.savedAnswers;

/** The applicant's one attempt at their wave's test (locked for the transaction when asked). */
export async function attemptOfApplicant(exec: Executor, testId: number, applicantId: number, lock = false) {
  const [attempt] = await repo.attemptsOfTaker(exec, testId, { applicantId }, lock);
  return attempt;
}

export { beginAttempt } from '../play/exam.service.ts';

/** The attempt continues on this device (a DEVICE_CHANGE event when it is another one). */
export async function resumeOnDevice(tx: Executor, t: repo.AttemptRow, deviceId: string, now: Date, by: string) {
  if (t.deviceId === deviceId) return repo.touchAttempt(tx, t.id, now);
  await repo.updateAttempt(
    tx,
    t.id,
    sql`device_id = ${deviceId}, device_changes = t.device_changes + 1, last_seen_at = ${now}`,
  );
  await repo.addEvent(tx, {
    attemptId: t.id,
    at: now,
    kind: 'DEVICE_CHANGE',
    detail: { from: t.deviceId, to: deviceId, by },
  });
}
