/**
 * One tab per exam on a device. Two tabs of one browser share the device id and the journal, and each numbers its
 * saves from the same sequence: the server would keep whichever save carries the higher number, not the newer
 * answer. A Web Lock (held while the play screen is open) lets only one tab play; another tab may take the exam
 * over, and the first one then stops saving.
 */
export interface ExamTabLock {
  release(): void;
}

const HELD_BY_NOBODY: ExamTabLock = { release: () => undefined };

/**
 * Claims the exam for this tab: null when another tab holds it (unless `steal`). `onLost` runs when another tab
 * takes it over. Without Web Locks (an old browser) every tab plays, as before.
 */
export function claimExamTab(assessmentId: number, onLost: () => void, steal = false): Promise<ExamTabLock | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return Promise.resolve(HELD_BY_NOBODY);
  return new Promise((resolve) => {
    let release = () => undefined as void;
    const held = new Promise<void>((done) => (release = done));
    const options: LockOptions = steal ? { steal: true } : { ifAvailable: true };
    locks
      .request(`mms-exam-${assessmentId}`, options, async (lock) => {
        if (!lock) return resolve(null);
        resolve({ release });
        await held;
      })
      // a stolen lock rejects the request that held it
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') onLost();
      });
  });
}
