import type { ExamKind, ExamListItem, ExamPaper, ExamStartInput } from '@mms/shared';
import { errorText } from '../../i18n/index.ts';
import { isApiError } from '../../lib/api.ts';
import { fetchAttempt, fetchMyExams, sendSaves, startExam, submitAttempt } from './api.ts';
import type { TimeAnchor } from './widgets/countdown.tsx';
import type { ExamJournal } from './exam-journal.ts';
import { ExamSync } from './exam-sync.ts';
import { claimExamTab, type ExamTabLock } from './exam-tab-lock.ts';

/** `elsewhere`: another tab of this browser has the exam open (see exam-tab-lock.ts) */
export type Phase = 'loading' | 'elsewhere' | 'start' | 'play' | 'finished' | 'missing';

export interface StartErrors {
  token?: string;
  pin?: string;
  other?: string;
}

export interface SessionState {
  phase: Phase;
  /** the list's entry: what the start panel shows */
  item: ExamListItem | null;
  paper: ExamPaper | null;
  /** the paper shown came from the server during this visit (not only from the journal) */
  fromServer: boolean;
  sync: ExamSync | null;
  /** the server's seconds left, pinned to performance.now() (null until the server has answered) */
  anchor: TimeAnchor | null;
  /** the attempt runs on another device: the proctor's PIN is needed */
  pinNeeded: boolean;
  startErrors: StartErrors;
  starting: boolean;
  finished: { submittedAt: string | null; grade: number | null } | null;
  loadError: string | null;
  /** the last request for the attempt could not reach the server */
  unreachable: boolean;
}

/**
 * One visit of the play screen, as plain TypeScript (React only renders its state): the journal's paper and
 * answers first, then the server's merged in; the start (token, PIN on a takeover), the polling and the
 * submission. The answers themselves go through `ExamSync`.
 */
export class ExamSession {
  private state: SessionState = {
    phase: 'loading',
    item: null,
    paper: null,
    fromServer: false,
    sync: null,
    anchor: null,
    pinNeeded: false,
    startErrors: {},
    starting: false,
    finished: null,
    loadError: null,
    unreachable: false,
  };
  private readonly listeners = new Set<() => void>();
  private disposed = false;
  private loading: Promise<void> | null = null;
  private tab: ExamTabLock | null = null;

  constructor(
    private readonly journal: Promise<ExamJournal>,
    private readonly kind: ExamKind,
    private readonly assessmentId: number,
    readonly deviceId: string,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SessionState => this.state;

  private set(change: Partial<SessionState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...change };
    this.listeners.forEach((l) => l());
  }

  /** On load (and reload, also offline): the journal's paper first, then the server's attempt. */
  load(): Promise<void> {
    this.disposed = false; // React's strict mode disposes and loads again: one load serves both
    return (this.loading ??= this.loadOnce().catch((error: unknown) => {
      // no IndexedDB (a private mode that refuses it): the page cannot keep answers safely, so it says so
      this.set({ loadError: errorText(error), phase: 'missing' });
    }));
  }

  private async loadOnce(steal = false): Promise<void> {
    this.tab ??= await claimExamTab(this.assessmentId, () => this.lostTab(), steal);
    if (!this.tab) return this.set({ phase: 'elsewhere' });
    if (this.disposed) return this.dispose(); // the screen closed while the lock was claimed
    const j = await this.journal;
    const attemptId = await j.attemptOf(this.assessmentId);
    if (attemptId === null) return this.showStart(false);
    const local = await j.paper(attemptId);
    if (local) await this.openPaper(local, false);
    await this.refresh(attemptId);
    if (!this.state.paper && this.state.phase === 'loading') await this.showStart(false);
  }

  /** The student chose to go on in this tab: the other tab stops saving. */
  takeHere(): Promise<void> {
    this.set({ phase: 'loading' });
    return (this.loading = this.loadOnce(true).catch((error: unknown) => {
      this.set({ loadError: errorText(error), phase: 'missing' });
    }));
  }

  /** Another tab took the exam over: this one stops saving and says so (its journal is shared, nothing is lost). */
  private lostTab(): void {
    this.tab = null;
    this.state.sync?.stop('tab');
    this.set({ phase: 'elsewhere' });
  }

  /** Asks the server for the attempt (polling too); a network failure keeps what is shown. */
  async refresh(attemptId = this.state.paper?.attempt.id): Promise<void> {
    if (!attemptId || this.disposed) return;
    try {
      const paper = await fetchAttempt(attemptId, this.deviceId);
      this.set({ unreachable: false });
      await this.openPaper(paper, true);
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.code === 'NETWORK') return this.set({ unreachable: true });
      if (error.status === 409 && ('deviceId' in error.fields || 'pin' in error.fields)) {
        if (this.state.sync && this.state.phase === 'play') this.state.sync.stop('takeover');
        else await this.showStart(true);
      } else if (error.status === 404 || error.status === 403) {
        await (await this.journal).forgetAttempt(this.assessmentId);
        if (!this.state.paper) await this.showStart(false);
      }
    }
  }

  /** The start panel needs the list's entry (title, duration, token). */
  private async showStart(pinNeeded: boolean): Promise<void> {
    this.set({ pinNeeded });
    try {
      const list = await fetchMyExams(this.kind);
      const item = list.items.find((i) => i.assessmentId === this.assessmentId) ?? null;
      this.set({ item, phase: item ? 'start' : 'missing' });
    } catch (error) {
      this.set({ loadError: errorText(error), phase: 'missing' });
    }
  }

  async start(input: ExamStartInput): Promise<void> {
    this.set({ starting: true, startErrors: {} });
    try {
      const paper = await startExam(this.assessmentId, input);
      this.set({ pinNeeded: false });
      await this.openPaper(paper, true);
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      if (isApiError(error) && error.status === 409 && 'pin' in fields) {
        // the first 409 asks for the PIN; a later one (a PIN was given) says what is wrong with it
        this.set({ startErrors: this.state.pinNeeded && input.pin ? { pin: fields.pin } : {}, pinNeeded: true });
      } else if (fields.token) this.set({ startErrors: { token: fields.token } });
      else if (fields.pin) this.set({ startErrors: { pin: fields.pin } });
      else this.set({ startErrors: { other: errorText(error) } });
    } finally {
      this.set({ starting: false });
    }
  }

  /** Shows a paper: the journal's answers first, the server's merged in (the higher sequence number wins). */
  async openPaper(paper: ExamPaper, fromServer: boolean): Promise<void> {
    const j = await this.journal;
    const attemptId = paper.attempt.id;
    let sync = this.state.sync;
    if (!sync || sync.attemptId !== attemptId) {
      sync?.dispose();
      sync = new ExamSync({
        journal: j,
        attemptId,
        deviceId: this.deviceId,
        send: sendSaves,
        onResult: (result) => {
          this.set({ anchor: { seconds: result.secondsLeft, at: performance.now() } });
          if (result.status !== 'IN_PROGRESS') void this.refresh(attemptId);
        },
      });
      await sync.load(paper.attempt.maxSeq);
      this.set({ sync });
    }
    if (fromServer) {
      await j.savePaper(paper);
      await j.rememberAttempt(paper.attempt.assessmentId, attemptId);
      await sync.mergeServer(paper.answers, paper.attempt.maxSeq);
      this.set({ anchor: { seconds: paper.attempt.secondsLeft, at: performance.now() }, fromServer: true });
    }
    if (paper.attempt.status !== 'IN_PROGRESS') {
      sync.stop('finished');
      this.set({
        paper,
        phase: 'finished',
        finished: { submittedAt: paper.attempt.submittedAt, grade: paper.attempt.grade },
      });
    } else this.set({ paper, phase: 'play' });
  }

  /** Sends what waits, then submits; false (nothing submitted) while answers still wait to be sent. */
  async submit(): Promise<boolean> {
    const { sync, paper } = this.state;
    if (!paper) return false;
    if (sync && !(await sync.flush())) return false;
    const result = await submitAttempt(paper.attempt.id, this.deviceId);
    sync?.stop('finished');
    this.set({ phase: 'finished', finished: { submittedAt: result.submittedAt, grade: result.grade } });
    return true;
  }

  dispose(): void {
    this.state.sync?.dispose();
    this.state = { ...this.state, sync: null };
    this.disposed = true;
    this.tab?.release();
    this.tab = null;
  }
}
