import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  formatDateTime,
  type MyRapors,
  type MyRaporSubjects,
  type Rapor,
  type RaporBoard,
  type ScoreColumn,
} from '@mms/shared';
import { auditLog, enrollments, outboxMessages, students } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

// The rapor workflow (issue 40 §3) of 7A, first semester 2026/2027, on the attendance fixture's clock (18 Nov 2026).
let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let pupil: Session; // a student with an account, enrolled in 7A
let pupilId: number;
let principal: Session;
let ids: number[];
const semester = 'GANJIL';
const url = (path: string) => `/api/v1/rapor/classes/${f.classA.id}/${path}`;
const board = async (s: Session) => {
  const res = await ctx.call(s, 'GET', url(`board?semester=${semester}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RaporBoard>();
};
const describeAll = (studentIds: number[], text = 'Menunjukkan penguasaan yang baik dalam bilangan bulat.') =>
  ctx.call(f.subjectTeacher, 'PUT', '/api/v1/descriptions', {
    classGroupId: f.classA.id,
    subjectId: f.subject.id,
    semester,
    entries: studentIds.map((studentId) => ({ studentId, text, source: 'EDITED' })),
  });

let columnId: number;
let p5Id: number;
let p5Ungraded: number; // a P5 project of 7A's grade and semester that nobody graded
const p5Project = (title: string, over: Record<string, unknown> = {}) => ({
  gradeId: f.classA.gradeId,
  semester,
  theme: 'Kearifan Lokal',
  title,
  description: null,
  dimensions: ['KREATIF'],
  ...over,
});
const remedial = (studentId: number, method: 'PUT' | 'DELETE' = 'PUT') =>
  method === 'PUT'
    ? ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/remedials', {
        columnId,
        studentId,
        kind: 'REMEDIAL',
        score: 85,
      })
    : ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/scores/remedials?columnId=${columnId}&studentId=${studentId}`);
const p5Grade = async (studentId: number) =>
  ctx.call(await ctx.as('TEACHERCASHIER'), 'PUT', `/api/v1/p5-projects/${p5Id}/grades`, {
    classGroupId: f.classA.id,
    rows: [{ studentId, grades: { GOTONG_ROYONG: 'BSH' }, note: null }],
  });

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  principal = await ctx.as('PRINCIPAL');
  const user = await ctx.createUser({ division: 'STUDENT' });
  const [row] = await ctx.db.select({ id: students.id }).from(students).where(eq(students.userId, user.id));
  pupilId = row!.id;
  await ctx.db.insert(enrollments).values({
    studentId: pupilId,
    classGroupId: f.classA.id,
    academicYearId: f.year.id,
    startedAt: new Date('2026-07-13T00:00:00+07:00'),
  });
  pupil = await ctx.signIn(user.username);
  ids = [...f.studentsA.map((s) => s.id), pupilId];
});

afterAll(async () => {
  await ctx.close();
});

describe('the rapor workflow', () => {
  it('shows what is missing, refuses the lock while incomplete, and lets only the subject teacher submit', async () => {
    const b = await board(f.homeroomA);
    expect(b.status).toBe('DRAFT');
    expect(b.complete).toBe(false);
    expect(b.subjects).toHaveLength(1);
    expect(b.subjects[0]).toMatchObject({ name: 'Matematika', submittedAt: null });
    expect(b.subjects[0]!.missingScore).toHaveLength(4);
    expect(b.subjects[0]!.missingDescription).toHaveLength(4);
    expect(b.can).toMatchObject({ note: true, lock: false });
    expect((await board(principal)).can).toMatchObject({ note: false, lock: true });
    expect((await ctx.call(f.homeroomB, 'GET', url('board'))).statusCode).toBe(403);

    const refused = await ctx.call(principal, 'POST', url('lock'), { semester });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toContain('belum dapat dikunci');

    const submit = { semester, subjectId: f.subject.id };
    expect((await ctx.call(f.otherTeacher, 'POST', url('submit'), submit)).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'POST', url('submit'), submit)).statusCode).toBe(403);
    expect((await ctx.call(pupil, 'POST', url('submit'), submit)).statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'POST', url('submit'), { semester: 'KETIGA' })).statusCode).toBe(400);
    const ok = await ctx.call(f.subjectTeacher, 'POST', url('submit'), submit);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await board(f.homeroomA)).subjects[0]!.submittedAt).not.toBeNull();
    const mine = await ctx.call(f.subjectTeacher, 'GET', `/api/v1/rapor/my-subjects?semester=${semester}`);
    expect(mine.json<MyRaporSubjects>().items).toEqual([
      expect.objectContaining({
        className: '7A',
        subjectName: 'Matematika',
        status: 'DRAFT',
        submittedAt: expect.any(String),
      }),
    ]);
    expect((await ctx.call(pupil, 'GET', `/api/v1/rapor/my-subjects?semester=${semester}`)).statusCode).toBe(403);
  });

  it('names, in a class of several students, exactly those who lack a final score or a description', async () => {
    const [a, b, c] = f.studentsA;
    const col = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/scores/columns', {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester,
      kind: 'SUMATIF',
      title: 'Kuis papan',
      date: '2026-11-09',
    });
    expect(col.statusCode, col.body).toBeLessThan(300);
    const cid = col.json<ScoreColumn>().id;
    const cells = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: [a!.id, pupilId].map((studentId) => ({ columnId: cid, studentId, score: 70 })),
    });
    expect(cells.statusCode, cells.body).toBe(200);
    expect((await describeAll([b!.id])).statusCode).toBe(200);
    const row = (await board(f.homeroomA)).subjects[0]!;
    const idsOf = (xs: { id: number }[]) => xs.map((x) => x.id).sort((x, y) => x - y);
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    expect(idsOf(row.missingScore)).toEqual(sorted([b!.id, c!.id]));
    expect(idsOf(row.missingDescription)).toEqual(sorted([a!.id, c!.id, pupilId]));
    expect(row.submittedBy).toBe(f.subjectTeacher.user.displayName);
    // leave the sheet as it was for the lock below
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/scores/columns/${cid}`)).statusCode).toBe(200);
  });

  it('sends a reminder through the outbox and keeps the homeroom’s notes to the homeroom', async () => {
    const r = await ctx.call(f.homeroomA, 'POST', url('remind'), { semester, subjectId: f.subject.id });
    expect(r.statusCode, r.body).toBe(200);
    const sent = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.topic, 'rapor.reminder'));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]!.body).toContain('Matematika');

    const note = { semester, text: 'Ananda rajin dan santun.' };
    expect((await ctx.call(f.homeroomA, 'PUT', url(`notes/${pupilId}`), note)).statusCode).toBe(200);
    expect((await ctx.call(f.homeroomB, 'PUT', url(`notes/${pupilId}`), note)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'PUT', url(`notes/${pupilId}`), note)).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'PUT', url(`notes/${pupilId}`), { semester, text: ' ' })).statusCode).toBe(400);
    expect((await ctx.call(f.homeroomA, 'PUT', url(`notes/${f.studentsB[0]!.id}`), note)).statusCode).toBe(400);
    expect((await board(f.homeroomA)).students.find((s) => s.id === pupilId)!.note).toBe(note.text);
    const card = await ctx.call(f.homeroomA, 'GET', `/api/v1/rapor/students/${pupilId}?semester=${semester}`);
    expect(card.json<{ homeroomNote: string }>().homeroomNote).toBe(note.text);
  });

  it('keeps the akhlak note in the note’s row: the homeroom alone, audited, on the board and in the rapor', async () => {
    const akhlak = 'Santun kepada guru dan teman.';
    const body = { semester, text: 'Ananda rajin dan santun.', akhlak };
    expect((await ctx.call(f.homeroomB, 'PUT', url(`notes/${pupilId}`), body)).statusCode).toBe(403);
    const saved = await ctx.call(f.homeroomA, 'PUT', url(`notes/${pupilId}`), body);
    expect(saved.statusCode, saved.body).toBe(200);
    const long = await ctx.call(f.homeroomA, 'PUT', url(`notes/${pupilId}`), { ...body, akhlak: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    // the akhlak note left out stays as saved
    const again = await ctx.call(f.homeroomA, 'PUT', url(`notes/${pupilId}`), { semester, text: 'Ananda rajin.' });
    expect(again.statusCode, again.body).toBe(200);
    const row = (await board(f.homeroomA)).students.find((s) => s.id === pupilId)!;
    expect(row).toMatchObject({ note: 'Ananda rajin.', akhlak });
    const card = await ctx.call(f.homeroomA, 'GET', `/api/v1/rapor/students/${pupilId}?semester=${semester}`);
    expect(card.json<Rapor>().pesantren.akhlakNote).toBe(akhlak);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rapor.note'), eq(auditLog.entityId, `${f.classA.id}:${semester}:${pupilId}`)));
    expect(audited.map((a) => a.after)).toContainEqual({ text: body.text, akhlak });
  });

  it('exports the board as Excel (Kelengkapan and Siswa) under the board’s rule, in the reader’s language', async () => {
    const b = await board(f.homeroomA);
    const subject = b.subjects[0]!;
    const res = await ctx.call(f.homeroomA, 'GET', url(`board/export?semester=${semester}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('kelengkapan-rapor-7A-GANJIL');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Kelengkapan', 'Siswa']);
    const [subjects, pupils] = book.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(subjects.getCell('A1').value).toBe('Kelengkapan Rapor Kelas 7A Semester Ganjil');
    expect(subjects.getCell('A2').value).toBe('Filter: Kelas: 7A; Semester: Ganjil');
    expect(subjects.getRow(5).values).toEqual([
      undefined,
      'Mata pelajaran',
      'Guru',
      'Diserahkan',
      'Nilai belum ada',
      'Siswa tanpa nilai',
      'Deskripsi belum ada',
      'Siswa tanpa deskripsi',
    ]);
    expect(subject.missingScore.length).toBeGreaterThan(0);
    expect(subjects.getRow(6).values).toEqual([
      undefined,
      'Matematika',
      subject.teacher!.name,
      formatDateTime(subject.submittedAt!, 'id'),
      subject.missingScore.length,
      subject.missingScore.map((s) => s.name).join(', '),
      subject.missingDescription.length,
      subject.missingDescription.map((s) => s.name).join(', '),
    ]);
    expect(pupils.getRow(5).values).toEqual([
      undefined,
      'Siswa',
      'NIS',
      'Catatan wali kelas',
      'Catatan akhlak',
      'Dilihat',
    ]);
    const noted = b.students.find((s) => s.id === pupilId)!;
    const rows = pupils.getSheetValues().slice(6);
    expect(rows).toHaveLength(b.students.length);
    expect(rows).toContainEqual([undefined, noted.name, noted.nis, 'Ananda rajin.', 'Santun kepada guru dan teman.']);

    const en = await ctx.app.inject({
      method: 'GET',
      url: url(`board/export?semester=${semester}`),
      headers: { cookie: f.homeroomA.cookie, 'accept-language': 'en' },
    });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(enBook.worksheets[0]!.getCell('A1').value).toBe('Report Card Completeness of Class 7A, Odd Semester');
    expect(enBook.worksheets[1]!.getCell('E5').value).toBe('Seen at');

    expect((await ctx.call(f.homeroomB, 'GET', url(`board/export?semester=${semester}`))).statusCode).toBe(403);
    expect((await ctx.call(pupil, 'GET', url(`board/export?semester=${semester}`))).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'GET', '/api/v1/rapor/classes/abc/board/export')).statusCode).toBe(400);
  });

  it('locks a complete board (principal), then refuses edits of scores, remedials, descriptions and P5 grades', async () => {
    const col = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/scores/columns', {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester,
      kind: 'SUMATIF',
      title: 'Sumatif 1',
      date: '2026-11-10',
    });
    expect(col.statusCode, col.body).toBeLessThan(300);
    const cells = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: ids.map((studentId) => ({ columnId: col.json<ScoreColumn>().id, studentId, score: 80 })),
    });
    expect(cells.statusCode, cells.body).toBe(200);
    columnId = col.json<ScoreColumn>().id;
    expect((await describeAll(ids)).statusCode).toBe(200);
    expect((await board(f.homeroomA)).complete).toBe(true);
    // while a draft: a remedial is recorded and removed, a P5 project of the class's grade is graded
    expect((await remedial(pupilId)).statusCode).toBe(200);
    expect((await remedial(pupilId, 'DELETE')).statusCode).toBe(200);
    const p5 = await ctx.call(await ctx.as('WAKAKUR'), 'POST', '/api/v1/p5-projects', {
      gradeId: f.classA.gradeId,
      semester,
      theme: 'Gaya Hidup Berkelanjutan',
      title: 'Sampahku tanggung jawabku',
      description: 'Memilah sampah di asrama',
      dimensions: ['GOTONG_ROYONG'],
    });
    expect(p5.statusCode, p5.body).toBe(200);
    p5Id = p5.json<{ id: number }>().id;
    const graded = await p5Grade(pupilId);
    expect(graded.statusCode, graded.body).toBe(200);
    // an ungraded project is still on the rapor's P5 page: while a draft it is added, renamed and deleted freely
    const wakakur = await ctx.as('WAKAKUR');
    const extra = await ctx.call(wakakur, 'POST', '/api/v1/p5-projects', p5Project('Batik sekolah'));
    expect(extra.statusCode, extra.body).toBe(200);
    p5Ungraded = extra.json<{ id: number }>().id;
    const renamed = await ctx.call(wakakur, 'PUT', `/api/v1/p5-projects/${p5Ungraded}`, p5Project('Batik asrama'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const spare = await ctx.call(wakakur, 'POST', '/api/v1/p5-projects', p5Project('Sementara'));
    expect(
      (await ctx.call(wakakur, 'DELETE', `/api/v1/p5-projects/${spare.json<{ id: number }>().id}`)).statusCode,
    ).toBe(200);

    expect((await ctx.call(f.subjectTeacher, 'POST', url('lock'), { semester })).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'POST', url('lock'), { semester })).statusCode).toBe(403);
    const lock = await ctx.call(principal, 'POST', url('lock'), { semester });
    expect(lock.statusCode, lock.body).toBe(200);
    expect((await ctx.call(principal, 'POST', url('lock'), { semester })).statusCode).toBe(409);
    expect((await board(f.homeroomA)).status).toBe('LOCKED');

    expect((await describeAll([pupilId], 'Teks baru')).statusCode).toBe(409);
    const override = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/final-overrides', {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester,
      studentId: pupilId,
      score: 90,
      reason: 'Koreksi',
    });
    expect(override.statusCode, override.body).toBe(409);
    const cell = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: [{ columnId: col.json<ScoreColumn>().id, studentId: pupilId, score: 95 }],
    });
    expect(cell.statusCode, cell.body).toBe(409);
    expect((await ctx.call(f.homeroomA, 'PUT', url(`notes/${pupilId}`), { semester, text: 'x' })).statusCode).toBe(409);
    const akhlakLocked = await ctx.call(f.homeroomA, 'PUT', url(`notes/${pupilId}`), {
      semester,
      text: 'Ananda rajin.',
      akhlak: 'Berubah',
    });
    expect(akhlakLocked.statusCode).toBe(409);
    expect((await board(f.homeroomA)).students.find((s) => s.id === pupilId)!.akhlak).toBe(
      'Santun kepada guru dan teman.',
    );
    const rem = await remedial(pupilId);
    expect(rem.statusCode, rem.body).toBe(409);
    expect(rem.json<{ error: { code: string } }>().error.code).toBe(
      cell.json<{ error: { code: string } }>().error.code,
    );
    expect((await remedial(pupilId, 'DELETE')).statusCode).toBe(409);
    const p5Locked = await p5Grade(pupilId);
    expect(p5Locked.statusCode, p5Locked.body).toBe(409);
    expect(p5Locked.json<{ error: { message: string } }>().error.message).toContain('nilai P5');
  });

  it('refuses, once locked, a score column’s deletion or change of kind and a P5 project’s edit, deletion or addition', async () => {
    const column = `/api/v1/scores/columns/${columnId}`;
    const del = await ctx.call(f.subjectTeacher, 'DELETE', column);
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json<{ error: { message: string } }>().error.message).toContain('sudah dikunci');
    expect((await ctx.call(f.subjectTeacher, 'PUT', column, { kind: 'PAS' })).statusCode).toBe(409);
    // its name is not on the rapor: it may change
    expect((await ctx.call(f.subjectTeacher, 'PUT', column, { title: 'Sumatif bab 1' })).statusCode).toBe(200);
    expect((await board(f.homeroomA)).subjects[0]!.missingScore).toEqual([]);

    const wakakur = await ctx.as('WAKAKUR');
    const project = `/api/v1/p5-projects/${p5Ungraded}`;
    const edit = await ctx.call(wakakur, 'PUT', project, p5Project('Batik kelas'));
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json<{ error: { message: string } }>().error.message).toContain('projek P5 tidak dapat diubah');
    expect((await ctx.call(wakakur, 'PUT', project, p5Project('Batik asrama', { semester: 'GENAP' }))).statusCode).toBe(
      409,
    );
    // its description is not printed on the rapor
    const described = await ctx.call(wakakur, 'PUT', project, p5Project('Batik asrama', { description: 'Di aula' }));
    expect(described.statusCode, described.body).toBe(200);
    expect((await ctx.call(wakakur, 'DELETE', project)).statusCode).toBe(409);
    expect((await ctx.call(wakakur, 'POST', '/api/v1/p5-projects', p5Project('Baru'))).statusCode).toBe(409);
    // the other semester's rapor is still a draft
    const genap = await ctx.call(wakakur, 'POST', '/api/v1/p5-projects', p5Project('Genap', { semester: 'GENAP' }));
    expect(genap.statusCode, genap.body).toBe(200);
    const card = await ctx.call(f.homeroomA, 'GET', `/api/v1/rapor/students/${pupilId}?semester=${semester}`);
    expect(card.json<{ p5: { title: string }[] }>().p5.map((p) => p.title)).toEqual([
      'Batik asrama',
      'Sampahku tanggung jawabku',
    ]);
  });

  it('reopens one student’s subject keeping the earlier version, audited; only that student may change', async () => {
    const reopen = { semester, subjectId: f.subject.id, studentId: pupilId, reason: 'Salah ketik deskripsi' };
    expect((await ctx.call(f.homeroomA, 'POST', url('reopen'), reopen)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'POST', url('reopen'), { ...reopen, reason: '' })).statusCode).toBe(400);
    const res = await ctx.call(await ctx.as('WAKAKUR'), 'POST', url('reopen'), reopen);
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.call(principal, 'POST', url('reopen'), reopen)).statusCode).toBe(409);

    expect((await describeAll([pupilId], 'Perlu bantuan dalam pecahan.')).statusCode).toBe(200);
    expect((await describeAll([f.studentsA[0]!.id], 'Teks lain')).statusCode).toBe(409);
    // the reopened student's remedial may change, another's not; P5 belongs to no subject: still refused
    expect((await remedial(pupilId)).statusCode).toBe(200);
    expect((await remedial(pupilId, 'DELETE')).statusCode).toBe(200);
    expect((await remedial(f.studentsA[0]!.id)).statusCode).toBe(409);
    expect((await p5Grade(pupilId)).statusCode).toBe(409);
    const b = await board(f.homeroomA);
    expect(b.reopens).toEqual([
      expect.objectContaining({
        studentId: pupilId,
        previousScore: 80,
        previousDescription: 'Menunjukkan penguasaan yang baik dalam bilangan bulat.',
        reason: 'Salah ketik deskripsi',
        closedAt: null,
      }),
    ]);
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'rapor.reopen'));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.before).toMatchObject({ final: 80 });
    // submitting again closes the reopen: the subject is locked again
    expect(
      (await ctx.call(f.subjectTeacher, 'POST', url('submit'), { semester, subjectId: f.subject.id })).statusCode,
    ).toBe(200);
    expect((await board(f.homeroomA)).reopens[0]!.closedAt).not.toBeNull();
    expect((await describeAll([pupilId], 'Lagi')).statusCode).toBe(409);
  });

  it('publishes; the student reads only their own published rapor, which marks it seen', async () => {
    expect((await ctx.call(pupil, 'GET', `/api/v1/rapor/mine/pdf?semester=${semester}`)).statusCode).toBe(404);
    expect((await ctx.call(pupil, 'GET', '/api/v1/rapor/mine')).json<MyRapors>().items).toEqual([]);
    expect((await ctx.call(f.homeroomA, 'POST', url('publish'), { semester })).statusCode).toBe(403);
    const pub = await ctx.call(principal, 'POST', url('publish'), { semester });
    expect(pub.statusCode, pub.body).toBe(200);
    expect((await ctx.call(principal, 'POST', url('publish'), { semester })).statusCode).toBe(409);
    const published = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rapor.publish'), eq(auditLog.entityId, `${f.classA.id}:${semester}`)));
    expect(published).toHaveLength(1);

    const before = (await ctx.call(pupil, 'GET', '/api/v1/rapor/mine')).json<MyRapors>();
    expect(before.items).toEqual([expect.objectContaining({ className: '7A', semester, seenAt: null })]);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/rapor/mine/pdf?semester=${semester}`,
      headers: { cookie: pupil.cookie },
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await ctx.call(pupil, 'GET', '/api/v1/rapor/mine')).json<MyRapors>().items[0]!.seenAt).not.toBeNull();
    expect((await board(f.homeroomA)).students.find((s) => s.id === pupilId)!.seenAt).not.toBeNull();

    // not another student's rapor, not the board, not the second semester (unpublished), not a student of no class
    const other = `/api/v1/rapor/students/${f.studentsA[0]!.id}/pdf?semester=${semester}`;
    expect((await ctx.call(pupil, 'GET', other)).statusCode).toBe(403);
    expect((await ctx.call(pupil, 'GET', url('board'))).statusCode).toBe(403);
    expect((await ctx.call(pupil, 'GET', '/api/v1/rapor/mine/pdf?semester=GENAP')).statusCode).toBe(404);
    expect((await ctx.call(pupil, 'GET', '/api/v1/rapor/mine/pdf')).statusCode).toBe(400);
    const stranger = await ctx.as('STUDENT');
    expect((await ctx.call(stranger, 'GET', `/api/v1/rapor/mine/pdf?semester=${semester}`)).statusCode).toBe(404);
  });
});
