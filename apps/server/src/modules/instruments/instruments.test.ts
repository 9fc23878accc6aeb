import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  academicYears,
  auditLog,
  counsellingInstrumentAnswers,
  counsellingInstrumentAttempts,
  counsellingInstrumentItems,
  counsellingInstrumentWindows,
  counsellingInstruments,
  enrollments,
  units,
  users,
} from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTestContext, TEST_PASSWORD, type Session, type TestContext } from '../../test/context.ts';
import { postFile, XLSX_MIME } from '../../test/multipart.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let bpbk: Session;
let principal: Session;
let teacher: Session;
let studentA: Session;
let studentA2: Session;
let studentB: Session;
let otherBpbk: Session;

const student = async (classGroupId: number) => {
  const u = await ctx.createUser({ division: 'STUDENT' });
  const s = await ctx.signIn(u.username);
  await ctx.db.insert(enrollments).values({ studentId: s.user.studentId!, classGroupId, academicYearId: f.year.id });
  return s;
};

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx); // MMS's clock: 18 November 2026
  bpbk = await ctx.as('BPBK');
  principal = await ctx.as('PRINCIPAL');
  teacher = await ctx.as('TEACHER');
  studentA = await student(f.classA.id);
  studentA2 = await student(f.classA.id);
  studentB = await student(f.classB.id);
  // a BPBK of another unit
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  await ctx.db.insert(users).values({
    username: 'bpbk_sd',
    displayName: 'BPBK SD',
    passwordHash: await hashPassword(TEST_PASSWORD),
    division: 'BPBK',
    unitId: sd!.id,
  });
  otherBpbk = await ctx.signIn('bpbk_sd');
});
afterAll(() => ctx.close());

const B = '/api/v1/instruments';

function upload(session: Session, url: string, data: Buffer) {
  return postFile(ctx, session, url, 'file', { name: 'butir.xlsx', data, mime: XLSX_MIME });
}

async function workbook(rows: (string | number | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Butir');
  sheet.addRow([
    'Teks butir*',
    'Jenis (LIKERT/YA_TIDAK/PILIHAN)*',
    'Kode skala',
    'Dibalik (YA/TIDAK)',
    'Bobot',
    'Opsi (teks=KODE | teks=KODE)',
  ]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const answerCount = async () => (await ctx.db.select().from(counsellingInstrumentAnswers)).length;
const attemptCount = async () => (await ctx.db.select().from(counsellingInstrumentAttempts)).length;

const window = { opensOn: '2026-11-16', closesOn: '2026-11-30' };

describe('instruments', () => {
  let riasec: { id: number; items: { id: number; type: string }[] };
  let windowId: number;

  it('lets BPBK of the unit create an instrument with the shipped RIASEC items; nobody else', async () => {
    const body = { kind: 'interest-exploration', name: 'Eksplorasi Minat', useShippedItems: true };
    expect((await ctx.call(principal, 'POST', B, body)).statusCode).toBe(403);
    expect((await ctx.call(teacher, 'POST', B, body)).statusCode).toBe(403);
    expect((await ctx.call(studentA, 'POST', B, body)).statusCode).toBe(403);
    const res = await ctx.call(bpbk, 'POST', B, body);
    expect(res.statusCode, res.body).toBe(200);
    riasec = res.json();
    expect(res.json()).toMatchObject({
      kind: 'interest-exploration',
      name: 'Eksplorasi Minat (RIASEC)',
      version: 1,
      itemCount: 48,
    });
    expect(res.json().source).toContain('RIASEC Holland');
    expect(res.json().scales.map((s: { code: string }) => s.code)).toEqual(['R', 'I', 'A', 'S', 'E', 'C']);
    expect((await ctx.call(bpbk, 'POST', B, body)).statusCode).toBe(409);
  });

  it('lets the principal read but not change; keeps other units and teachers out', async () => {
    expect((await ctx.call(principal, 'GET', `${B}/${riasec.id}`)).statusCode).toBe(200);
    expect((await ctx.call(principal, 'GET', `${B}?kind=interest-exploration`)).json().items).toHaveLength(1);
    expect((await ctx.call(teacher, 'GET', `${B}/${riasec.id}`)).statusCode).toBe(403);
    expect((await ctx.call(studentA, 'GET', `${B}/${riasec.id}`)).statusCode).toBe(403);
    expect((await ctx.call(otherBpbk, 'GET', `${B}/${riasec.id}`)).statusCode).toBe(403);
    expect((await ctx.call(otherBpbk, 'GET', B)).json().items).toEqual([]);
    expect((await ctx.call(principal, 'PATCH', `${B}/${riasec.id}`, { name: 'x' })).statusCode).toBe(403);
    const patched = await ctx.call(bpbk, 'PATCH', `${B}/${riasec.id}`, {
      name: 'Eksplorasi Minat RIASEC',
      source: 'disusun untuk MMS mengikuti model RIASEC Holland; butir bebas dipakai',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().name).toBe('Eksplorasi Minat RIASEC');
    expect((await ctx.call(otherBpbk, 'PATCH', `${B}/${riasec.id}`, { name: 'x' })).statusCode).toBe(403);
  });

  it('lets the counsellor of the unit preview the instrument as a student sees it, recording nothing (issue 39)', async () => {
    const [attempts, answers] = [await attemptCount(), await answerCount()];
    const res = await ctx.call(bpbk, 'GET', `${B}/${riasec.id}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ instrumentName: 'Eksplorasi Minat RIASEC' });
    expect(res.json().items).toHaveLength(48);
    expect(res.json().items[0]).toEqual({
      id: riasec.items[0]!.id,
      number: 1,
      text: expect.any(String),
      type: riasec.items[0]!.type,
      options: expect.any(Array),
    });
    expect(res.json()).not.toHaveProperty('attemptId');
    expect([await attemptCount(), await answerCount()]).toEqual([attempts, answers]);
    // the counsellor of another unit, the principal (reads results, keeps no instrument), a teacher, a student: no
    for (const s of [otherBpbk, principal, teacher, studentA]) {
      expect((await ctx.call(s, 'GET', `${B}/${riasec.id}/preview`)).statusCode, s.user.division).toBe(403);
    }
    expect((await ctx.call(bpbk, 'GET', `${B}/999999/preview`)).statusCode).toBe(404);
  });

  it('refuses an inconsistent definition with field errors and writes nothing', async () => {
    const before = (await ctx.db.select().from(counsellingInstrumentItems)).length;
    const res = await ctx.call(bpbk, 'PUT', `${B}/${riasec.id}/definition`, {
      scales: [
        { code: 'R', name: 'Realistik' },
        { code: 'R', name: 'Lagi' },
      ],
      items: [
        { text: 'a', type: 'LIKERT5', scaleCode: 'Q' },
        { text: 'b', type: 'CHOICE', options: [{ label: 'x', scaleCode: 'R' }] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      'scales.1.code': 'Kode skala sudah dipakai skala lain',
      'items.0.scaleCode': 'Pilih skala yang ada untuk butir ini',
      'items.1.options': 'Butir pilihan memerlukan minimal 2 opsi',
    });
    expect((await ctx.db.select().from(counsellingInstrumentItems)).length).toBe(before);
  });

  it('opens a window for a class of the unit only', async () => {
    const body = { ...window, classGroupIds: [f.classA.id] };
    expect((await ctx.call(principal, 'POST', `${B}/${riasec.id}/windows`, body)).statusCode).toBe(403);
    expect((await ctx.call(otherBpbk, 'POST', `${B}/${riasec.id}/windows`, body)).statusCode).toBe(403);
    const bad = await ctx.call(bpbk, 'POST', `${B}/${riasec.id}/windows`, { ...window, classGroupIds: [] });
    expect(bad.statusCode).toBe(400);
    const backwards = await ctx.call(bpbk, 'POST', `${B}/${riasec.id}/windows`, {
      opensOn: '2026-11-30',
      closesOn: '2026-11-01',
      classGroupIds: [f.classA.id],
    });
    expect(backwards.statusCode).toBe(400);
    expect(
      (await ctx.call(bpbk, 'POST', `${B}/${riasec.id}/windows`, { ...window, classGroupIds: [999999] })).statusCode,
    ).toBe(400);
    const res = await ctx.call(bpbk, 'POST', `${B}/${riasec.id}/windows`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'OPEN', classGroups: [{ id: f.classA.id, name: '7A' }], submitted: 0 });
    windowId = res.json().id;
    const list = await ctx.call(principal, 'GET', `${B}/${riasec.id}/windows`);
    expect(list.json().items.map((w: { id: number }) => w.id)).toEqual([windowId]);
    expect((await ctx.call(teacher, 'GET', `${B}/${riasec.id}/windows`)).statusCode).toBe(403);
  });

  it('refuses a change of the items while a window is open', async () => {
    const res = await ctx.call(bpbk, 'PUT', `${B}/${riasec.id}/definition`, {
      scales: [{ code: 'R', name: 'Realistik' }],
      items: [{ text: 'a', type: 'LIKERT5', scaleCode: 'R' }],
    });
    expect(res.statusCode).toBe(409);
    expect((await ctx.call(bpbk, 'GET', `${B}/${riasec.id}`)).json().itemCount).toBe(48);
  });

  it('shows a student only the windows of their class and lets no one else play', async () => {
    const mine = await ctx.call(studentA, 'GET', `${B}/my?kind=interest-exploration`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().windows).toMatchObject([{ windowId, status: 'NOT_STARTED', itemCount: 48 }]);
    expect((await ctx.call(studentB, 'GET', `${B}/my?kind=interest-exploration`)).json().windows).toEqual([]);
    expect((await ctx.call(studentA, 'GET', `${B}/my?kind=job-interest`)).json().windows).toEqual([]);
    const other = await ctx.call(studentB, 'POST', `${B}/my/windows/${windowId}/attempt`);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('Instrumen ini tidak dibuka untuk kelas Anda');
    expect((await ctx.call(bpbk, 'POST', `${B}/my/windows/${windowId}/attempt`)).statusCode).toBe(403);
    expect((await ctx.call(bpbk, 'GET', `${B}/my?kind=interest-exploration`)).statusCode).toBe(403);
    expect(await attemptCount()).toBe(0);
  });

  let attemptId: number;
  it('saves answers idempotently, resumes them, and refuses bad answers without writing', async () => {
    const start = await ctx.call(studentA, 'POST', `${B}/my/windows/${windowId}/attempt`);
    expect(start.statusCode, start.body).toBe(200);
    attemptId = start.json().attemptId;
    const items = start.json().items as { id: number }[];
    expect(items).toHaveLength(48);
    expect(start.json().items[0]).not.toHaveProperty('scaleCode');
    const url = `${B}/my/attempts/${attemptId}/answers`;
    let res = await ctx.call(studentA, 'PUT', url, { itemId: items[0]!.id, value: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ answered: 1, total: 48 });
    res = await ctx.call(studentA, 'PUT', url, { itemId: items[0]!.id, value: 4 });
    expect(res.json()).toEqual({ answered: 1, total: 48 });
    expect(await answerCount()).toBe(1);

    const before = await answerCount();
    expect((await ctx.call(studentA, 'PUT', url, { itemId: 999999, value: 3 })).statusCode).toBe(400);
    expect((await ctx.call(studentA, 'PUT', url, { itemId: items[1]!.id, value: 6 })).statusCode).toBe(400);
    expect((await ctx.call(studentA, 'PUT', url, { itemId: items[1]!.id, value: 0 })).statusCode).toBe(400);
    expect((await ctx.call(studentA, 'PUT', url, { itemId: items[1]!.id, value: 'x\u0000' })).statusCode).toBe(400);
    expect((await ctx.call(studentA, 'PUT', url, { itemId: 2 ** 40, value: 3 })).statusCode).toBe(400);
    // another student cannot write into this attempt
    expect((await ctx.call(studentA2, 'PUT', url, { itemId: items[1]!.id, value: 3 })).statusCode).toBe(404);
    expect((await ctx.call(bpbk, 'PUT', url, { itemId: items[1]!.id, value: 3 })).statusCode).toBe(403);
    expect(await answerCount()).toBe(before);

    // leave and come back: the same attempt with its answer
    const again = await ctx.call(studentA, 'POST', `${B}/my/windows/${windowId}/attempt`);
    expect(again.json().attemptId).toBe(attemptId);
    expect(again.json().answers).toEqual([{ itemId: items[0]!.id, value: 4 }]);
    const mine = await ctx.call(studentA, 'GET', `${B}/my?kind=interest-exploration`);
    expect(mine.json().windows[0]).toMatchObject({ status: 'IN_PROGRESS', answered: 1 });
  });

  it('submits once every item is answered, and only once', async () => {
    const items = riasec.items;
    const submit = `${B}/my/attempts/${attemptId}/submit`;
    const early = await ctx.call(studentA, 'POST', submit);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Masih ada 47 butir yang belum dijawab');
    // all "5" for R (the first of every six), "2" for the rest
    for (const [i, item] of items.entries()) {
      const res = await ctx.call(studentA, 'PUT', `${B}/my/attempts/${attemptId}/answers`, {
        itemId: item.id,
        value: i % 6 === 0 ? 5 : 2,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await ctx.call(studentA, 'POST', submit);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().top[0]).toBe('R');
    expect(res.json().scales[0]).toMatchObject({ code: 'R', raw: 40, max: 40, score: 100, band: { label: 'Tinggi' } });
    expect((await ctx.call(studentA, 'POST', submit)).statusCode).toBe(409);
    expect((await ctx.call(studentA, 'POST', `${B}/my/windows/${windowId}/attempt`)).statusCode).toBe(409);
    expect(
      (await ctx.call(studentA, 'PUT', `${B}/my/attempts/${attemptId}/answers`, { itemId: items[0]!.id, value: 1 }))
        .statusCode,
    ).toBe(409);
    const mine = await ctx.call(studentA, 'GET', `${B}/my?kind=interest-exploration`);
    expect(mine.json().windows[0].status).toBe('SUBMITTED');
    expect(mine.json().results).toMatchObject([{ instrumentName: 'Eksplorasi Minat RIASEC', className: '7A' }]);
    // the classmate sees only their own results
    expect((await ctx.call(studentA2, 'GET', `${B}/my?kind=interest-exploration`)).json().results).toEqual([]);
  });

  it('lets BPBK reopen a window for one student (audited), who then answers again', async () => {
    const reopen = `${B}/windows/${windowId}/reopen`;
    const body = { studentId: studentA.user.studentId, reason: 'Siswa salah memahami petunjuk' };
    expect((await ctx.call(principal, 'POST', reopen, body)).statusCode).toBe(403);
    expect((await ctx.call(otherBpbk, 'POST', reopen, body)).statusCode).toBe(403);
    expect((await ctx.call(bpbk, 'POST', reopen, { ...body, studentId: studentA2.user.studentId })).statusCode).toBe(
      409,
    );
    const res = await ctx.call(bpbk, 'POST', reopen, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.call(bpbk, 'POST', reopen, body)).statusCode).toBe(409);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'instrument.reopen'));
    expect(entry!.after).toMatchObject({ reason: 'Siswa salah memahami petunjuk', attemptNumber: 2 });

    const start = await ctx.call(studentA, 'POST', `${B}/my/windows/${windowId}/attempt`);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().attemptId).not.toBe(attemptId);
    expect(start.json().answers).toEqual([]);
    for (const item of riasec.items) {
      await ctx.call(studentA, 'PUT', `${B}/my/attempts/${start.json().attemptId}/answers`, {
        itemId: item.id,
        value: 3,
      });
    }
    expect((await ctx.call(studentA, 'POST', `${B}/my/attempts/${start.json().attemptId}/submit`)).statusCode).toBe(
      200,
    );
  });

  it('shows results and the class summary to BPBK and the principal, and exports them', async () => {
    // the classmate answers too: S strongest
    const start = await ctx.call(studentA2, 'POST', `${B}/my/windows/${windowId}/attempt`);
    for (const [i, item] of riasec.items.entries()) {
      await ctx.call(studentA2, 'PUT', `${B}/my/attempts/${start.json().attemptId}/answers`, {
        itemId: item.id,
        value: i % 6 === 3 ? 5 : 1,
      });
    }
    expect((await ctx.call(studentA2, 'POST', `${B}/my/attempts/${start.json().attemptId}/submit`)).statusCode).toBe(
      200,
    );

    const results = await ctx.call(principal, 'GET', `${B}/${riasec.id}/results?classGroupId=${f.classA.id}`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().total).toBe(2);
    const a = results.json().items.find((r: { studentId: number }) => r.studentId === studentA.user.studentId);
    expect(a.attemptNumber).toBe(2); // the reopened attempt replaced the first
    const summary = await ctx.call(bpbk, 'GET', `${B}/${riasec.id}/summary?classGroupId=${f.classA.id}`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().students).toBe(2);
    expect(summary.json().means.find((m: { code: string }) => m.code === 'S').mean).toBe(80); // (60 + 100) / 2
    expect(summary.json().topCounts.find((m: { code: string }) => m.code === 'S').count).toBe(1);
    expect((await ctx.call(teacher, 'GET', `${B}/${riasec.id}/results`)).statusCode).toBe(403);
    expect((await ctx.call(studentA, 'GET', `${B}/${riasec.id}/summary`)).statusCode).toBe(403);
    expect((await ctx.call(otherBpbk, 'GET', `${B}/${riasec.id}/results`)).statusCode).toBe(403);

    const xlsx = await ctx.call(principal, 'GET', `${B}/${riasec.id}/results/export?classGroupId=${f.classA.id}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(5).getCell(1).value).toBe('NIS');
    expect(sheet.getRow(5).getCell(5).value).toBe('R');
    expect(sheet.rowCount).toBe(7);
    expect((await ctx.call(studentA, 'GET', `${B}/${riasec.id}/results/export`)).statusCode).toBe(403);
  });

  it('keeps the window and the instrument once answered; removes an unanswered window', async () => {
    expect((await ctx.call(bpbk, 'DELETE', `${B}/windows/${windowId}`)).statusCode).toBe(409);
    expect((await ctx.call(bpbk, 'DELETE', `${B}/${riasec.id}`)).statusCode).toBe(409);
    const closed = await ctx.call(bpbk, 'PATCH', `${B}/windows/${windowId}`, {
      opensOn: '2026-11-01',
      closesOn: '2026-11-17',
      classGroupIds: [f.classA.id],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().state).toBe('CLOSED');
    expect((await ctx.call(principal, 'PATCH', `${B}/windows/${windowId}`, window)).statusCode).toBe(403);
    const spare = await ctx.call(bpbk, 'POST', `${B}/${riasec.id}/windows`, {
      ...window,
      gradeIds: [f.classA.gradeId],
    });
    expect(spare.statusCode, spare.body).toBe(200);
    // the grade's window reaches class B too
    expect((await ctx.call(studentB, 'GET', `${B}/my?kind=interest-exploration`)).json().windows).toHaveLength(1);
    expect((await ctx.call(principal, 'DELETE', `${B}/windows/${spare.json().id}`)).statusCode).toBe(403);
    expect((await ctx.call(bpbk, 'DELETE', `${B}/windows/${spare.json().id}`)).statusCode).toBe(200);
    // a closed window cannot be played
    expect((await ctx.call(studentA2, 'POST', `${B}/my/windows/${windowId}/attempt`)).statusCode).toBe(409);
  });
});

describe('earlier school years', () => {
  it('keeps each year’s result: the student sees every year, BPBK chooses the year', async () => {
    const [instrument] = await ctx.db
      .select()
      .from(counsellingInstruments)
      .where(eq(counsellingInstruments.kind, 'interest-exploration'));
    const [old] = await ctx.db
      .insert(academicYears)
      .values({ name: '2025/2026', startDate: '2025-07-14', endDate: '2026-06-30', isActive: false })
      .returning();
    const [w] = await ctx.db
      .insert(counsellingInstrumentWindows)
      .values({
        instrumentId: instrument!.id,
        academicYearId: old!.id,
        opensOn: '2025-09-01',
        closesOn: '2025-09-30',
        classGroupIds: [f.classA.id],
      })
      .returning();
    const profile = {
      scales: [{ code: 'I', name: 'Investigatif', raw: 30, max: 40, score: 75, band: null }],
      top: ['I'],
    };
    await ctx.db.insert(counsellingInstrumentAttempts).values({
      windowId: w!.id,
      studentId: studentA.user.studentId!,
      academicYearId: old!.id,
      classGroupId: f.classA.id,
      instrumentVersion: 1,
      status: 'SUBMITTED',
      startedAt: new Date('2025-09-02T02:00:00Z'),
      submittedAt: new Date('2025-09-02T03:00:00Z'),
      profile,
    });
    const mine = await ctx.call(studentA, 'GET', `${B}/my?kind=interest-exploration`);
    expect(mine.json().results.map((r: { academicYearName: string }) => r.academicYearName)).toEqual([
      f.year.name,
      '2025/2026',
    ]);
    expect(mine.json().results[1].profile).toEqual(profile);
    const thisYear = await ctx.call(bpbk, 'GET', `${B}/${instrument!.id}/results`);
    expect(thisYear.json().items.every((r: { academicYearName: string }) => r.academicYearName === f.year.name)).toBe(
      true,
    );
    const lastYear = await ctx.call(bpbk, 'GET', `${B}/${instrument!.id}/results?academicYearId=${old!.id}`);
    expect(lastYear.json().items).toMatchObject([
      { studentId: studentA.user.studentId, academicYearName: '2025/2026' },
    ]);
  });

  it('refuses NUL bytes and changes nothing', async () => {
    const [instrument] = await ctx.db
      .select()
      .from(counsellingInstruments)
      .where(eq(counsellingInstruments.kind, 'interest-exploration'));
    const res = await ctx.call(bpbk, 'PATCH', `${B}/${instrument!.id}`, { name: 'Minat\u0000' });
    expect(res.statusCode).toBe(400);
    const [after] = await ctx.db
      .select()
      .from(counsellingInstruments)
      .where(eq(counsellingInstruments.id, instrument!.id));
    expect(after!.name).toBe(instrument!.name);
  });
});

describe('item import', () => {
  let id: number;
  beforeAll(async () => {
    const res = await ctx.call(bpbk, 'POST', B, { kind: 'life-values', name: 'Nilai hidup' });
    id = res.json().id;
    const def = await ctx.call(bpbk, 'PUT', `${B}/${id}/definition`, {
      scales: [
        { code: 'REL', name: 'Religius', scoring: 'MEAN' },
        { code: 'SOS', name: 'Kepedulian', scoring: 'MEAN' },
      ],
      items: [
        { text: 'Beribadah tepat waktu', type: 'LIKERT5', scaleCode: 'REL' },
        { text: 'Menolong orang', type: 'LIKERT5', scaleCode: 'SOS' },
      ],
    });
    expect(def.statusCode, def.body).toBe(200);
    expect(def.json().version).toBe(2);
  });

  it('downloads the template filled with the current items', async () => {
    const res = await ctx.call(bpbk, 'GET', `${B}/items-import/template?instrumentId=${id}`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe('Beribadah tepat waktu');
    expect((await ctx.call(principal, 'GET', `${B}/items-import/template?instrumentId=${id}`)).statusCode).toBe(403);
    expect((await ctx.call(otherBpbk, 'GET', `${B}/items-import/template?instrumentId=${id}`)).statusCode).toBe(403);
  });

  it('reports every bad row in Indonesian and saves nothing', async () => {
    const file = await workbook([
      ['Berdoa sebelum belajar', 'LIKERT', 'REL', 'TIDAK', 1, null],
      ['Membantu teman', 'SKALA', 'SOS', null, null, null],
      ['Menjenguk teman sakit', 'YA_TIDAK', 'XYZ', null, null, null],
      ['Pilih kegiatan', 'PILIHAN', null, null, null, 'Mengaji'],
      ['Bobot berlebih', 'LIKERT', 'SOS', 'MUNGKIN', 11, null],
    ]);
    const res = await upload(bpbk, `${B}/items-import?instrumentId=${id}`, file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      'baris 3: Jenis (LIKERT/YA_TIDAK/PILIHAN)': 'Jenis harus LIKERT, YA_TIDAK atau PILIHAN',
      'baris 4: Kode skala': 'Kode skala tidak ada di instrumen ini',
      'baris 5: Opsi (teks=KODE | teks=KODE)': 'Setiap opsi ditulis teks=KODE',
      'baris 6: Dibalik (YA/TIDAK)': 'Isi YA atau TIDAK',
    });
    expect((await ctx.call(bpbk, 'GET', `${B}/${id}`)).json().itemCount).toBe(2);
    expect((await upload(principal, `${B}/items-import?instrumentId=${id}`, file)).statusCode).toBe(403);
  });

  it('replaces the items from a good file as a new version', async () => {
    const file = await workbook([
      ['Berdoa sebelum belajar', 'LIKERT', 'REL', 'TIDAK', 1, null],
      ['Malas beribadah', 'LIKERT', 'rel', 'YA', 2, null],
      ['Yang paling penting bagiku', 'PILIHAN', null, null, null, 'Ibadah=REL | Menolong=SOS'],
    ]);
    const res = await upload(bpbk, `${B}/items-import?instrumentId=${id}`, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 3 });
    const got = (await ctx.call(bpbk, 'GET', `${B}/${id}`)).json();
    expect(got.version).toBe(3);
    expect(
      got.items.map((i: { type: string; reversed: boolean; weight: number }) => [i.type, i.reversed, i.weight]),
    ).toEqual([
      ['LIKERT5', false, 1],
      ['LIKERT5', true, 2],
      ['CHOICE', false, 1],
    ]);
    expect(got.items[2].options).toEqual([
      { label: 'Ibadah', scaleCode: 'REL' },
      { label: 'Menolong', scaleCode: 'SOS' },
    ]);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'instrument.items.import'));
    expect(entry!.after).toMatchObject({ items: 3, version: 3 });
  });

  it('removes an instrument nobody answered', async () => {
    expect((await ctx.call(principal, 'DELETE', `${B}/${id}`)).statusCode).toBe(403);
    expect((await ctx.call(bpbk, 'DELETE', `${B}/${id}`)).statusCode).toBe(200);
    expect((await ctx.call(bpbk, 'GET', `${B}/${id}`)).statusCode).toBe(404);
    const [n] = await ctx.db
      .execute<{ n: number }>(sql`select count(*)::int as n from counselling_instruments`)
      .then((r) => r.rows);
    expect(n!.n).toBe(1);
  });
});

describe('access', () => {
  const ROUTES: Record<string, string> = {
    'GET /api/v1/instruments/': 'counselling.read',
    'POST /api/v1/instruments/': 'counselling.manage',
    'GET /api/v1/instruments/:id': 'counselling.read',
    'GET /api/v1/instruments/:id/preview': 'counselling.manage',
    'PATCH /api/v1/instruments/:id': 'counselling.manage',
    'PUT /api/v1/instruments/:id/definition': 'counselling.manage',
    'DELETE /api/v1/instruments/:id': 'counselling.manage',
    'GET /api/v1/instruments/:id/windows': 'counselling.read',
    'POST /api/v1/instruments/:id/windows': 'counselling.manage',
    'PATCH /api/v1/instruments/windows/:windowId': 'counselling.manage',
    'DELETE /api/v1/instruments/windows/:windowId': 'counselling.manage',
    'POST /api/v1/instruments/windows/:windowId/reopen': 'counselling.manage',
    'GET /api/v1/instruments/:id/results': 'counselling.read',
    'GET /api/v1/instruments/:id/summary': 'counselling.read',
    'GET /api/v1/instruments/:id/results/export': 'counselling.read',
    'GET /api/v1/instruments/items-import/template': 'counselling.manage',
    'POST /api/v1/instruments/items-import': 'counselling.manage',
    'GET /api/v1/instruments/my': 'counselling.self',
    'POST /api/v1/instruments/my/windows/:windowId/attempt': 'counselling.self',
    'PUT /api/v1/instruments/my/attempts/:attemptId/answers': 'counselling.self',
    'POST /api/v1/instruments/my/attempts/:attemptId/submit': 'counselling.self',
  };

  it('declares the expected permission on every route', () => {
    const declared = Object.fromEntries(
      ctx.app
        .registeredRoutes()
        .filter((r) => r.url.startsWith('/api/v1/instruments') && r.method !== 'HEAD')
        .map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    expect(declared).toEqual(ROUTES);
  });

  it('refuses every route to the divisions without its permission, before reading the input', async () => {
    const principalOk = { 'counselling.read': true, 'counselling.manage': false, 'counselling.self': false };
    for (const [route, permission] of Object.entries(ROUTES)) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const url = path.replace(/:\w+/g, '1');
      const denied = [teacher, ...(permission === 'counselling.self' ? [bpbk, principal] : [studentA])];
      if (permission !== 'counselling.self' && !principalOk[permission as keyof typeof principalOk])
        denied.push(principal);
      for (const session of denied) {
        const res = await ctx.call(session, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.statusCode, `${route} as ${session.user.division}`).toBe(403);
      }
      expect((await ctx.call(null, method, url)).statusCode, route).toBe(401);
    }
  });
});
