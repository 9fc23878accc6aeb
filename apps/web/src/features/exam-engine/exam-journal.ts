import type { ExamPaper, ExamSavedAnswer, QuestionResponse } from '@mms/shared';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The browser's journal of an exam: every answer is written here before it is sent, so a reload, a dropped
 * connection or a dead battery never loses one. Per attempt and question it keeps the newest answer (the highest
 * client sequence number) and whether the server has acknowledged it yet; the last paper and which attempt
 * belongs to which assessment are kept too, so an offline reload still shows the questions and the answers.
 */
export interface JournalEntry {
  attemptId: number;
  questionId: number;
  clientSeq: number;
  response: QuestionResponse;
  flagged: boolean;
  /** written here but not yet acknowledged by the server */
  pending: boolean;
  /** performance-independent wall time of the write (only to tell how long saves have waited) */
  writtenAt: number;
}

interface JournalSchema extends DBSchema {
  answers: { key: [number, number]; value: JournalEntry; indexes: { byAttempt: number } };
  papers: { key: number; value: { attemptId: number; paper: ExamPaper } };
  attempts: { key: number; value: { assessmentId: number; attemptId: number } };
}

export const JOURNAL_DB = 'mms-exam';

export class ExamJournal {
  constructor(private readonly db: IDBPDatabase<JournalSchema>) {}

  /** Every answer of an attempt held here. */
  entries(attemptId: number): Promise<JournalEntry[]> {
    return this.db.getAllFromIndex('answers', 'byAttempt', attemptId);
  }

  /** The answers the server has not acknowledged yet, oldest sequence first. */
  async pending(attemptId: number): Promise<JournalEntry[]> {
    const all = await this.entries(attemptId);
    return all.filter((e) => e.pending).sort((a, b) => a.clientSeq - b.clientSeq);
  }

  /** The highest sequence number this device has given for the attempt (0 when none). */
  async maxSeq(attemptId: number): Promise<number> {
    const all = await this.entries(attemptId);
    return all.reduce((max, e) => Math.max(max, e.clientSeq), 0);
  }

  /** Writes a change as pending; an older sequence number than the one held changes nothing. */
  async write(entry: Omit<JournalEntry, 'pending' | 'writtenAt'>, writtenAt = Date.now()): Promise<JournalEntry> {
    const tx = this.db.transaction('answers', 'readwrite');
    const held = await tx.store.get([entry.attemptId, entry.questionId]);
    const next: JournalEntry = { ...entry, pending: true, writtenAt };
    const kept = held && held.clientSeq >= entry.clientSeq ? held : next;
    if (kept === next) await tx.store.put(next);
    await tx.done;
    return kept;
  }

  /**
   * The server's acknowledgements: an answer leaves the pending set only when the server holds its sequence
   * number or a newer one. A repeated or late ack of an older save leaves a newer pending change alone.
   */
  async ack(attemptId: number, acks: readonly { questionId: number; clientSeq: number }[]): Promise<void> {
    const tx = this.db.transaction('answers', 'readwrite');
    for (const a of acks) {
      const held = await tx.store.get([attemptId, a.questionId]);
      if (held?.pending && held.clientSeq <= a.clientSeq) await tx.store.put({ ...held, pending: false });
    }
    await tx.done;
  }

  /**
   * Merges the server's answers into the journal: per question the higher sequence number wins. A local answer
   * the server already holds (same number) is no longer pending; a newer local one stays pending to be sent.
   */
  async merge(attemptId: number, answers: readonly ExamSavedAnswer[]): Promise<JournalEntry[]> {
    const tx = this.db.transaction('answers', 'readwrite');
    for (const a of answers) {
      const held = await tx.store.get([attemptId, a.questionId]);
      if (!held || held.clientSeq < a.clientSeq) {
        await tx.store.put({ attemptId, ...a, pending: false, writtenAt: Date.now() });
      } else if (held.pending && held.clientSeq === a.clientSeq) {
        await tx.store.put({ ...held, pending: false });
      }
    }
    await tx.done;
    return this.entries(attemptId);
  }

  savePaper(paper: ExamPaper): Promise<unknown> {
    return this.db.put('papers', { attemptId: paper.attempt.id, paper });
  }

  async paper(attemptId: number): Promise<ExamPaper | null> {
    return (await this.db.get('papers', attemptId))?.paper ?? null;
  }

  rememberAttempt(assessmentId: number, attemptId: number): Promise<unknown> {
    return this.db.put('attempts', { assessmentId, attemptId });
  }

  async attemptOf(assessmentId: number): Promise<number | null> {
    return (await this.db.get('attempts', assessmentId))?.attemptId ?? null;
  }

  async forgetAttempt(assessmentId: number): Promise<void> {
    await this.db.delete('attempts', assessmentId);
  }

  close(): void {
    this.db.close();
  }
}

/** Opens (or creates) the journal database. */
export async function openExamJournal(name = JOURNAL_DB): Promise<ExamJournal> {
  const db = await openDB<JournalSchema>(name, 1, {
    upgrade(database) {
      const answers = database.createObjectStore('answers', { keyPath: ['attemptId', 'questionId'] });
      answers.createIndex('byAttempt', 'attemptId');
      database.createObjectStore('papers', { keyPath: 'attemptId' });
      database.createObjectStore('attempts', { keyPath: 'assessmentId' });
    },
  });
  return new ExamJournal(db);
}

const DEVICE_KEY = 'mms.exam.deviceId';

/** This browser's device id: random, made once and kept (it is not a secret, only tells devices apart). */
export function examDeviceId(storage: Storage | null = safeLocalStorage()): string {
  const held = storage?.getItem(DEVICE_KEY);
  if (held && /^[A-Za-z0-9_-]{8,64}$/.test(held)) return held;
  // getRandomValues works on plain http too (randomUUID needs a secure context: a school LAN may have none)
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  storage?.setItem(DEVICE_KEY, made);
  return made;
}

/** localStorage, or null where the browser refuses it (some private modes): the id then lasts the visit. */
function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether a response says anything (an empty text or no choice counts as unanswered). */
export function isAnswered(response: QuestionResponse | undefined): boolean {
  if (!response) return false;
  switch (response.type) {
    case 'SINGLE':
      return response.optionId !== null;
    case 'MULTIPLE':
      return response.optionIds.length > 0;
    case 'TRUE_FALSE':
      return Object.keys(response.answers).length > 0;
    case 'MATCHING':
      return Object.keys(response.pairs).length > 0;
    default:
      return response.text.trim() !== '';
  }
}
