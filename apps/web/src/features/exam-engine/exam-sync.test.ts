import 'fake-indexeddb/auto';
import type { ExamSavesInput, ExamSavesResult } from '@mms/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { examDeviceId, isAnswered, openExamJournal, type ExamJournal } from './exam-journal.ts';
import { ExamSync } from './exam-sync.ts';

let dbNo = 0;
const journals: ExamJournal[] = [];
async function freshJournal() {
  const j = await openExamJournal(`exam-test-${++dbNo}`);
  journals.push(j);
  return j;
}
afterEach(() => {
  journals.splice(0).forEach((j) => j.close());
  vi.useRealTimers();
});

const single = (optionId: string) => ({ type: 'SINGLE' as const, optionId });
const ATTEMPT = 5;

/** A server that acknowledges every save (or fails as told), recording each request. */
function fakeServer() {
  const calls: ExamSavesInput[] = [];
  let failWith: unknown = null;
  const send = vi.fn((_attemptId: number, body: ExamSavesInput): Promise<ExamSavesResult> => {
    calls.push(body);
    if (failWith) return Promise.reject(failWith);
    return Promise.resolve({
      acks: body.saves.map((s) => ({ questionId: s.questionId, clientSeq: s.clientSeq })),
      secondsLeft: 600,
      status: 'IN_PROGRESS',
    });
  });
  return {
    calls,
    send,
    fail: (error: unknown) => {
      failWith = error;
    },
  };
}

const offline = () => new ApiError(0, 'NETWORK', 'Tidak dapat terhubung ke server', {}, null, false);

describe('the exam journal (IndexedDB)', () => {
  it('keeps the newest answer per question: an older sequence number changes nothing', async () => {
    const j = await freshJournal();
    await j.write({ attemptId: ATTEMPT, questionId: 1, clientSeq: 4, response: single('b'), flagged: false });
    await j.write({ attemptId: ATTEMPT, questionId: 1, clientSeq: 3, response: single('a'), flagged: true });
    const [entry] = await j.entries(ATTEMPT);
    expect(entry).toMatchObject({ clientSeq: 4, response: single('b'), flagged: false, pending: true });
    expect(await j.maxSeq(ATTEMPT)).toBe(4);
    expect(await j.maxSeq(99)).toBe(0);
  });

  it('clears the pending mark only on an ack of the same or a newer number; repeats are harmless', async () => {
    const j = await freshJournal();
    await j.write({ attemptId: ATTEMPT, questionId: 1, clientSeq: 2, response: single('a'), flagged: false });
    await j.ack(ATTEMPT, [{ questionId: 1, clientSeq: 1 }]);
    expect(await j.pending(ATTEMPT)).toHaveLength(1);
    await j.ack(ATTEMPT, [{ questionId: 1, clientSeq: 2 }]);
    await j.ack(ATTEMPT, [{ questionId: 1, clientSeq: 2 }]);
    expect(await j.pending(ATTEMPT)).toHaveLength(0);
    // the answer itself stays
    expect((await j.entries(ATTEMPT))[0]?.response).toEqual(single('a'));
  });

  it("merges the server's answers: per question the higher sequence number wins", async () => {
    const j = await freshJournal();
    await j.write({ attemptId: ATTEMPT, questionId: 1, clientSeq: 7, response: single('local'), flagged: false });
    await j.write({ attemptId: ATTEMPT, questionId: 2, clientSeq: 3, response: single('old'), flagged: false });
    await j.write({ attemptId: ATTEMPT, questionId: 3, clientSeq: 5, response: single('same'), flagged: true });
    const merged = await j.merge(ATTEMPT, [
      { questionId: 1, clientSeq: 6, response: single('server-older'), flagged: false },
      { questionId: 2, clientSeq: 9, response: single('server-newer'), flagged: true },
      { questionId: 3, clientSeq: 5, response: single('same'), flagged: true },
      { questionId: 4, clientSeq: 8, response: single('server-only'), flagged: false },
    ]);
    const byQ = new Map(merged.map((e) => [e.questionId, e]));
    expect(byQ.get(1)).toMatchObject({ response: single('local'), pending: true });
    expect(byQ.get(2)).toMatchObject({ response: single('server-newer'), flagged: true, pending: false });
    expect(byQ.get(3)).toMatchObject({ pending: false });
    expect(byQ.get(4)).toMatchObject({ response: single('server-only'), pending: false });
  });

  it('remembers the paper and the attempt of an assessment', async () => {
    const j = await freshJournal();
    expect(await j.attemptOf(9)).toBeNull();
    await j.rememberAttempt(9, ATTEMPT);
    expect(await j.attemptOf(9)).toBe(ATTEMPT);
    await j.forgetAttempt(9);
    expect(await j.attemptOf(9)).toBeNull();
    expect(await j.paper(ATTEMPT)).toBeNull();
  });

  it('makes one device id and keeps it', () => {
    localStorage.clear();
    const first = examDeviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(examDeviceId()).toBe(first);
  });

  it('tells an answer from an empty response', () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered({ type: 'SINGLE', optionId: null })).toBe(false);
    expect(isAnswered({ type: 'MULTIPLE', optionIds: ['a'] })).toBe(true);
    expect(isAnswered({ type: 'TRUE_FALSE', answers: {} })).toBe(false);
    expect(isAnswered({ type: 'MATCHING', pairs: { a: 'x' } })).toBe(true);
    expect(isAnswered({ type: 'ESSAY', text: '  ' })).toBe(false);
    expect(isAnswered({ type: 'SHORT', text: '42' })).toBe(true);
  });
});

describe('sending the journal (ExamSync)', () => {
  const make = async (journal: ExamJournal, server: ReturnType<typeof fakeServer>) => {
    const sync = new ExamSync({ journal, attemptId: ATTEMPT, deviceId: 'device-1234', send: server.send });
    await sync.load(0);
    return sync;
  };

  it('numbers changes after the higher of the server and the journal, journals them first, sends in one batch', async () => {
    const j = await freshJournal();
    await j.write({ attemptId: ATTEMPT, questionId: 1, clientSeq: 12, response: single('a'), flagged: false });
    await j.ack(ATTEMPT, [{ questionId: 1, clientSeq: 12 }]);
    const server = fakeServer();
    const sync = new ExamSync({ journal: j, attemptId: ATTEMPT, deviceId: 'device-1234', send: server.send });
    await sync.load(20);
    await sync.change(2, single('b'), false);
    // in the journal before any request
    expect((await j.pending(ATTEMPT)).map((e) => e.clientSeq)).toEqual([21]);
    await sync.change(3, single('c'), true);
    expect(await sync.flush()).toBe(true);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toEqual({
      deviceId: 'device-1234',
      saves: [
        { questionId: 2, clientSeq: 21, response: single('b'), flagged: false },
        { questionId: 3, clientSeq: 22, response: single('c'), flagged: true },
      ],
    });
    expect(sync.getSnapshot().pending).toBe(0);
    expect(sync.getSnapshot().answers.get(3)?.response).toEqual(single('c'));
    sync.dispose();
  });

  it('queues while offline, retries with backoff, and sends at once when the browser is online again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const j = await freshJournal();
    const server = fakeServer();
    const sync = await make(j, server);
    server.fail(offline());
    await sync.change(1, single('a'), false);
    await vi.advanceTimersByTimeAsync(300);
    await vi.waitFor(() => expect(sync.getSnapshot().offline).toBe(true));
    await sync.change(2, single('b'), false);
    expect(sync.getSnapshot().pending).toBe(2);
    const triesBefore = server.calls.length;
    server.fail(null);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10);
    await vi.waitFor(() => expect(sync.getSnapshot().pending).toBe(0));
    expect(server.calls.length).toBe(triesBefore + 1);
    expect(server.calls.at(-1)?.saves.map((s) => s.questionId)).toEqual([1, 2]);
    expect(sync.getSnapshot().offline).toBe(false);
    sync.dispose();
  });

  it('keeps an answer pending when only an older save of it is acknowledged', async () => {
    const j = await freshJournal();
    let release: (r: ExamSavesResult) => void = () => {};
    const send = vi.fn(
      (_id: number, body: ExamSavesInput) =>
        new Promise<ExamSavesResult>((resolve) => {
          release = () =>
            resolve({
              acks: body.saves.map((s) => ({ questionId: s.questionId, clientSeq: s.clientSeq })),
              secondsLeft: 100,
              status: 'IN_PROGRESS',
            });
        }),
    );
    const sync = new ExamSync({ journal: j, attemptId: ATTEMPT, deviceId: 'device-1234', send, batchDelayMs: 0 });
    await sync.load(0);
    await sync.change(1, single('a'), false);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    // a newer change while the first request travels
    await sync.change(1, single('b'), false);
    release({} as ExamSavesResult);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect((await j.pending(ATTEMPT)).map((e) => e.clientSeq)).toEqual([2]);
    release({} as ExamSavesResult);
    await vi.waitFor(async () => expect(await j.pending(ATTEMPT)).toHaveLength(0));
    expect(sync.getSnapshot().answers.get(1)?.response).toEqual(single('b'));
    sync.dispose();
  });

  it('stops on a takeover or the deadline (409), keeping what waits for the answer file', async () => {
    const j = await freshJournal();
    const server = fakeServer();
    const sync = await make(j, server);
    server.fail(new ApiError(409, 'CONFLICT', 'Perangkat lain', { deviceId: 'Perangkat lain' }));
    await sync.change(1, single('a'), false);
    expect(await sync.flush()).toBe(false);
    expect(sync.getSnapshot().stopped).toBe('takeover');
    await sync.change(2, single('b'), false);
    expect(sync.getSnapshot().answers.has(2)).toBe(false);
    expect(await sync.journalSaves()).toEqual([{ questionId: 1, clientSeq: 1, response: single('a'), flagged: false }]);
    sync.dispose();

    const j2 = await freshJournal();
    const late = fakeServer();
    const sync2 = await make(j2, late);
    late.fail(new ApiError(409, 'CONFLICT', 'Waktu habis', { deadline: 'Waktu habis' }));
    await sync2.change(1, single('a'), false);
    await sync2.flush();
    expect(sync2.getSnapshot().stopped).toBe('deadline');
    sync2.dispose();
  });

  it('reports the seconds left of every answer and stops when the attempt is no longer in progress', async () => {
    const j = await freshJournal();
    const results: ExamSavesResult[] = [];
    const send = vi.fn((_id: number, body: ExamSavesInput): Promise<ExamSavesResult> =>
      Promise.resolve({
        acks: body.saves.map((s) => ({ questionId: s.questionId, clientSeq: s.clientSeq })),
        secondsLeft: 0,
        status: 'SUBMITTED',
      }),
    );
    const sync = new ExamSync({
      journal: j,
      attemptId: ATTEMPT,
      deviceId: 'device-1234',
      send,
      onResult: (r) => results.push(r),
    });
    await sync.load(0);
    await sync.change(1, single('a'), false);
    await sync.flush();
    expect(results[0]).toMatchObject({ secondsLeft: 0, status: 'SUBMITTED' });
    expect(sync.getSnapshot().stopped).toBe('finished');
    sync.dispose();
  });

  it('sends what a reload finds waiting in the journal', async () => {
    const j = await freshJournal();
    await j.write({ attemptId: ATTEMPT, questionId: 4, clientSeq: 3, response: single('x'), flagged: false });
    const server = fakeServer();
    const sync = await make(j, server);
    expect(sync.getSnapshot().answers.get(4)?.response).toEqual(single('x'));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    await vi.waitFor(() => expect(sync.getSnapshot().pending).toBe(0));
    sync.dispose();
  });

  it('sends at most 200 saves a request', async () => {
    const j = await freshJournal();
    for (let q = 1; q <= 250; q++) {
      await j.write({ attemptId: ATTEMPT, questionId: q, clientSeq: q, response: single('a'), flagged: false });
    }
    const server = fakeServer();
    const sync = new ExamSync({ journal: j, attemptId: ATTEMPT, deviceId: 'device-1234', send: server.send });
    await sync.load(0);
    expect(await sync.flush()).toBe(true);
    expect(server.calls.map((c) => c.saves.length)).toEqual([200, 50]);
    sync.dispose();
  });
});
