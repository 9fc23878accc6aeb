import { useEffect } from 'react';
import { registerExamShell } from '../../lib/exam-shell.ts';
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
