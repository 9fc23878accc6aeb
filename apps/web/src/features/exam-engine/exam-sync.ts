import type { ExamSave, ExamSavedAnswer, ExamSavesInput, ExamSavesResult, QuestionResponse } from '@mms/shared';
import { isApiError } from '../../lib/api.ts';
import type { ExamJournal, JournalEntry } from './exam-journal.ts';

/**
 * Why sending stopped for good: another device took over, another tab of this browser did, the time is over, or
 * the attempt is finished.
 */
export type SyncStop = 'takeover' | 'tab' | 'deadline' | 'finished';

export interface SyncSnapshot {
  /** the newest answer per question (local or the server's) */
  answers: ReadonlyMap<number, JournalEntry>;
  /** answers written here that the server has not acknowledged */
  pending: number;
  sending: boolean;
  /** the last send could not reach the server */
  offline: boolean;
  /** performance.now() when the oldest unacknowledged answer started waiting (null when none waits) */
  pendingSince: number | null;
  stopped: SyncStop | null;
}

export interface SyncOptions {
  journal: ExamJournal;
  attemptId: number;
  deviceId: string;
  send: (attemptId: number, body: ExamSavesInput) => Promise<ExamSavesResult>;
  /** every successful answer of the server (seconds left, status) */
  onResult?: (result: ExamSavesResult) => void;
  /** pause before sending a change, so quick changes travel together */
  batchDelayMs?: number;
}

/** The most saves one request carries (the contract's limit). */
export const MAX_BATCH = 200;
const MAX_BACKOFF_MS = 30_000;

/**
 * Sends the journal's pending answers to the server: a change is written to the journal first, then sent in a
 * batch; an ack clears it from the pending set (the answer stays). Failures retry with a growing pause (1 s, 2 s
 * ... 30 s), and at once when the browser comes back online. One request at a time.
 */
export class ExamSync {
  private readonly o: Required<Omit<SyncOptions, 'onResult'>> & Pick<SyncOptions, 'onResult'>;
  private answers = new Map<number, JournalEntry>();
  private seq = 0;
  private writes: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;
  private failures = 0;
  private inFlight: Promise<void> | null = null;
  private snapshot: SyncSnapshot;
  private readonly listeners = new Set<() => void>();
  private disposed = false;

  get attemptId(): number {
    return this.o.attemptId;
  }

  constructor(options: SyncOptions) {
    this.o = { batchDelayMs: 250, ...options };
    this.snapshot = this.makeSnapshot(null, false, false, null);
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
  }

  /** Reads the journal (answers show at once, even offline) and continues the sequence after `serverMaxSeq`. */
  async load(serverMaxSeq = 0): Promise<void> {
    const entries = await this.o.journal.entries(this.o.attemptId);
    this.answers = new Map(entries.map((e) => [e.questionId, e]));
    this.seq = Math.max(this.seq, serverMaxSeq, ...entries.map((e) => e.clientSeq));
    this.publish();
    if (this.countPending() > 0) this.schedule(0);
  }

  /** The server's answers (a paper): per question the higher sequence number wins. */
  async mergeServer(answers: readonly ExamSavedAnswer[], serverMaxSeq: number): Promise<void> {
    await this.writes;
    const entries = await this.o.journal.merge(this.o.attemptId, answers);
    this.answers = new Map(entries.map((e) => [e.questionId, e]));
    this.seq = Math.max(this.seq, serverMaxSeq, ...entries.map((e) => e.clientSeq));
    this.publish();
    if (this.countPending() > 0) this.schedule(0);
  }

  /** An answer or a flag changed: it gets the next sequence number, goes to the journal, then to the server. */
  change(questionId: number, response: QuestionResponse, flagged: boolean): Promise<void> {
    if (this.snapshot.stopped) return Promise.resolve();
    const entry = { attemptId: this.o.attemptId, questionId, clientSeq: ++this.seq, response, flagged };
    this.answers.set(questionId, { ...entry, pending: true, writtenAt: Date.now() });
    this.publish();
    const written = this.writes.then(() => this.o.journal.write(entry));
    this.writes = written.catch(() => undefined);
    return written.then(() => this.schedule(this.o.batchDelayMs));
  }

  /** Sends what waits now; resolves true when nothing is left waiting. */
  async flush(): Promise<boolean> {
    this.clearTimer();
    this.failures = 0;
    await this.sendLoop();
    return this.countPending() === 0;
  }

  stop(reason: SyncStop): void {
    if (this.snapshot.stopped) return;
    this.clearTimer();
    this.publish({ stopped: reason });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SyncSnapshot => this.snapshot;

  /** The journal's saves, for the answer file (the page's last resort). */
  async journalSaves(): Promise<ExamSave[]> {
    await this.writes;
    const entries = await this.o.journal.entries(this.o.attemptId);
    return entries.map(toSave);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    this.listeners.clear();
  }

  private onOnline = () => {
    this.failures = 0;
    this.schedule(0);
  };

  private countPending(): number {
    let n = 0;
    for (const e of this.answers.values()) if (e.pending) n++;
    return n;
  }

  private schedule(delayMs: number): void {
    if (this.disposed || this.snapshot.stopped) return;
    const at = performance.now() + delayMs;
    if (this.timer && this.timerAt <= at) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      void this.sendLoop();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  /** Sends batches until nothing waits or a send fails (then a retry is scheduled). */
  private sendLoop(): Promise<void> {
    if (this.inFlight) return this.inFlight.then(() => (this.countPending() ? this.sendLoop() : undefined));
    this.inFlight = this.runBatches().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async runBatches(): Promise<void> {
    for (;;) {
      if (this.disposed || this.snapshot.stopped) return;
      await this.writes;
      const pending = await this.o.journal.pending(this.o.attemptId);
      if (!pending.length) {
        this.publish({ sending: false });
        return;
      }
      this.publish({ sending: true });
      try {
        const result = await this.o.send(this.o.attemptId, {
          deviceId: this.o.deviceId,
          saves: pending.slice(0, MAX_BATCH).map(toSave),
        });
        this.failures = 0;
        await this.o.journal.ack(this.o.attemptId, result.acks);
        const entries = await this.o.journal.entries(this.o.attemptId);
        // keep answers made while the request travelled (their journal write may still be on its way)
        for (const e of entries) {
          const shown = this.answers.get(e.questionId);
          if (!shown || shown.clientSeq <= e.clientSeq) this.answers.set(e.questionId, e);
        }
        this.publish({ sending: false, offline: false });
        this.o.onResult?.(result);
        if (result.status !== 'IN_PROGRESS') this.stop('finished');
      } catch (error) {
        const conflict = isApiError(error) && error.status === 409;
        if (conflict && 'deviceId' in error.fields) return this.stop('takeover');
        if (conflict && 'deadline' in error.fields) return this.stop('deadline');
        const offline = !isApiError(error) || error.code === 'NETWORK' || error.code === 'UNAVAILABLE';
        this.publish({ sending: false, offline });
        const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.failures++);
        this.schedule(wait);
        return;
      }
    }
  }

  private publish(change: Partial<Pick<SyncSnapshot, 'sending' | 'offline' | 'stopped'>> = {}): void {
    const prev = this.snapshot;
    const pending = this.countPending();
    const pendingSince = pending === 0 ? null : (prev.pendingSince ?? performance.now());
    this.snapshot = this.makeSnapshot(
      change.stopped ?? prev.stopped,
      change.sending ?? prev.sending,
      change.offline ?? prev.offline,
      pendingSince,
    );
    this.listeners.forEach((l) => l());
  }

  private makeSnapshot(
    stopped: SyncStop | null,
    sending: boolean,
    offline: boolean,
    pendingSince: number | null,
  ): SyncSnapshot {
    return { answers: new Map(this.answers), pending: this.countPending(), sending, offline, pendingSince, stopped };
  }
}

const toSave = (e: JournalEntry): ExamSave => ({
  questionId: e.questionId,
  clientSeq: e.clientSeq,
  response: e.response,
  flagged: e.flagged,
});
