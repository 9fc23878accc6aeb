import type { ExamPaper } from '@mms/shared';
import { useEffect, useMemo } from 'react';
import { registerExamShell } from '../../lib/exam-shell.ts';
import { hasMath, loadMath } from '../../lib/rich-content.tsx';
import { keepUserForOffline, useSession } from '../../lib/session.ts';

/**
 * The play screen opens again without a connection: its code and shell come from the exam service worker, its user
 * from this tab's memory (`keepUserForOffline`), its paper and answers from the journal in IndexedDB.
 */
export function useOfflineShell() {
  const { data: user } = useSession();
  useEffect(() => {
    if (user) keepUserForOffline(user);
  }, [user]);
  useEffect(() => {
    void registerExamShell();
  }, []);
}

/**
 * A paper with a formula anywhere loads KaTeX at once (not when that question is reached, perhaps offline) and hands
 * the loaded files to the offline shell again, so a reload without a connection still typesets them. A paper
 * without formulas never downloads KaTeX.
 */
export function useMathOfPaper(paper: ExamPaper | null | undefined) {
  const withMath = useMemo(() => !!paper && hasMath(JSON.stringify(paper.questions)), [paper]);
  useEffect(() => {
    if (withMath) void loadMath().then(() => registerExamShell());
  }, [withMath]);
}
