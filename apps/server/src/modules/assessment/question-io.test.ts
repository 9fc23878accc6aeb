import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Question } from '@mms/shared';
import { auditLog, grades, questionVersions } from '../../db/schema/index.ts';
import { writeDocx, type DocxParagraph } from '../../lib/docx.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile } from '../../test/multipart.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';
import { QUESTION_COLUMNS } from './question-format.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let student: Session;
let grade8: number;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  student = await ctx.as('STUDENT');
  const [g] = await ctx.db.insert(grades).values({ unitId: f.unitId, level: 8, name: 'Kelas 8' }).returning();
  grade8 = g!.id;
});
afterAll(() => ctx.close());

const HEADERS = QUESTION_COLUMNS.map((c) => c.header);
type Cells = Partial<Record<(typeof QUESTION_COLUMNS)[number]['key'], string | number>>;

async function workbook(rows: Cells[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Soal');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(QUESTION_COLUMNS.map((c) => row[c.key] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

function upload(session: Session, url: string, data: Buffer, name = 'soal.xlsx') {
  return postFile(ctx, session, url, 'file', { name, data });
}

const pair = (gradeId = f.classA.gradeId) => `?subjectId=${f.subject.id}&gradeId=${gradeId}`;
const count = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(questionVersions))[0]!.n;

/** One question of every type, as a teacher fills the Excel template. */
const ALL_TYPES: Cells[] = [
  {
    type: 'PG',
    stem: 'Hasil dari \\(2^3\\) adalah ...',
    optionA: '6',
    optionB: '8',
    optionC: 'a < b & c',
    key: 'B',
    points: 2,
    difficulty: 'MUDAH',
    cognitiveLevel: 'C1',
    objective: 'Menghitung perpangkatan',
    tags: 'pangkat, pts',
  },
  {
    type: 'PGK',
    stem: 'Pilih bilangan prima',
    optionA: '2',
    optionB: '4',
    optionC: '5',
    key: 'A, C',
    points: 2,
    partial: 'SEMUA',
  },
  {
    type: 'BS',
    stem: 'Benar atau salah?',
    parts: 'Air mendidih pada 100 °C = B\nMatahari mengelilingi bumi = S',
    points: 2,
  },
  { type: 'JODOH', stem: 'Jodohkan', parts: 'Jawa Barat = Bandung\nJawa Timur = Surabaya\n= Semarang', points: 3 },
  { type: 'ISIAN', stem: 'Ibu kota Indonesia?\n\nTulis satu kata.', key: 'Jakarta | =3,14±0,01', points: 1 },
  {
    type: 'URAIAN',
    stem: 'Artikan: بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ',
    parts: 'Arti tepat = 3\nTulisan rapi = 1',
    key: 'Dengan nama Allah',
    points: 4,
    cognitiveLevel: 'C2',
  },
];

async function listed(session: Session, query = '') {
  const res = await ctx.call(session, 'GET', `/api/v1/questions?pageSize=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Question[];
}
const comparable = (q: Question) => ({
  type: q.type,
  stem: q.stem,
  content: q.content,
  points: q.points,
  difficulty: q.difficulty,
  cognitiveLevel: q.cognitiveLevel,
  objective: q.objective,
  tags: q.tags,
});

describe('question import from Excel', () => {
  it('imports all six types, exports them, and imports the export as the same questions', async () => {
    const res = await upload(f.subjectTeacher, `/api/v1/questions/import/xlsx${pair()}`, await workbook(ALL_TYPES));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 6 });
    const first = (await listed(f.subjectTeacher, `&gradeId=${f.classA.gradeId}`)).sort((a, b) => a.id - b.id);
    expect(first.map((q) => q.type)).toEqual(['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'MATCHING', 'SHORT', 'ESSAY']);
    expect(first[0]!.stem).toBe('<p>Hasil dari \\(2^3\\) adalah ...</p>');
    expect(first[0]!.content).toMatchObject({
      key: 'b',
      options: [{ id: 'a' }, { id: 'b' }, { id: 'c', text: 'a &lt; b &amp; c' }],
    });
    expect(first[1]!.content).toMatchObject({ key: ['a', 'c'], partial: 'ALL' });
    expect(first[2]!.content).toMatchObject({ key: { s1: true, s2: false } });
    expect(first[3]!.content).toMatchObject({ key: { l1: 'r1', l2: 'r2' }, right: [{}, {}, { text: 'Semarang' }] });
    expect(first[4]!.content).toEqual({
      type: 'SHORT',
      accepted: [{ text: 'Jakarta' }, { number: 3.14, tolerance: 0.01 }],
    });
    expect(first[4]!.stem).toBe('<p>Ibu kota Indonesia?</p><p>Tulis satu kata.</p>');
    expect(first[5]!.stem).toContain('بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ');
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'question.import'));
    expect(entry?.after).toMatchObject({ count: 6 });

    const exported = await ctx.call(
      f.subjectTeacher,
      'GET',
      `/api/v1/questions/export/xlsx?gradeId=${f.classA.gradeId}`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const again = await ctx.call(await wakakurSession(), 'GET', '/api/v1/questions/template/xlsx');
    expect(again.statusCode).toBe(200);

    const before = first.map((q) => q.id);
    const reimport = await upload(
      await wakakurSession(),
      `/api/v1/questions/import/xlsx${pair(grade8)}`,
      exported.rawPayload,
    );
    expect(reimport.statusCode, reimport.body).toBe(200);
    expect(reimport.json()).toEqual({ imported: 6 });
    const second = (await listed(await wakakurSession(), `&gradeId=${grade8}`))
      .filter((q) => !before.includes(q.id))
      .sort((a, b) => a.id - b.id);
    // the export lists as the screen does (newest first): compare question by question, each type once
    const byType = (qs: Question[]) => qs.map(comparable).sort((a, b) => a.type.localeCompare(b.type));
    expect(byType(second)).toEqual(byType(first));
  });

  it('reports all three problems of a file by question number and field, and writes nothing', async () => {
    const before = await count();
    const rows: Cells[] = [
      { ...ALL_TYPES[0], key: 'F' },
      ALL_TYPES[1]!,
      { ...ALL_TYPES[2], parts: 'Pernyataan tanpa kunci' },
      { ...ALL_TYPES[4], points: 0 },
    ];
    const res = await upload(f.subjectTeacher, `/api/v1/questions/import/xlsx${pair()}`, await workbook(rows));
    expect(res.statusCode).toBe(400);
    const { fields, message } = res.json().error;
    expect(Object.keys(fields).sort()).toEqual([
      'soal 1: Kunci',
      'soal 3: Pernyataan/Pasangan/Rubrik',
      'soal 4: Bobot',
    ]);
    expect(message).toBe('3 masalah di 3 soal; tidak ada data yang disimpan');
    expect(await count()).toBe(before);
  });

  it('lets only authors import, and a teacher only into a subject and grade they teach', async () => {
    const file = await workbook([ALL_TYPES[0]!]);
    const before = await count();
    expect((await upload(student, `/api/v1/questions/import/xlsx${pair()}`, file)).statusCode).toBe(403);
    expect((await upload(f.subjectTeacher, `/api/v1/questions/import/xlsx${pair(grade8)}`, file)).statusCode).toBe(403);
    expect((await upload(f.otherTeacher, `/api/v1/questions/import/xlsx${pair()}`, file)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', '/api/v1/questions/template/xlsx')).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', '/api/v1/questions/template/docx')).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', '/api/v1/questions/export/xlsx')).statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect(
      (await upload(f.subjectTeacher, `/api/v1/questions/import/xlsx${pair()}`, Buffer.from('bukan excel'))).statusCode,
    ).toBe(400);
  });
});

let wakakur: Promise<Session> | undefined;
const wakakurSession = () => (wakakur ??= ctx.as('WAKAKUR'));

describe('question import from Word', () => {
  it('imports the Word template as it is downloaded', async () => {
    const template = await ctx.call(f.subjectTeacher, 'GET', '/api/v1/questions/template/docx');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('wordprocessingml');
    const res = await upload(
      f.subjectTeacher,
      `/api/v1/questions/import/docx${pair()}`,
      template.rawPayload,
      'soal.docx',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 6 });
  });

  it('stores a picture of a question re-encoded, and serves it to authors', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .withMetadata({ exif: { IFD0: { ImageDescription: 'rahasia' } } })
      .toBuffer();
    const paragraphs: DocxParagraph[] = [
      'Judul ulangan',
      ['1. Perhatikan gambar berikut.'],
      [{ png, widthPx: 40, heightPx: 30 }],
      'A. Biru',
      'B. Merah',
      'Kunci: A',
      'Tipe: PG',
      'Bobot: 1',
    ];
    const res = await upload(
      f.subjectTeacher,
      `/api/v1/questions/import/docx${pair()}`,
      await writeDocx(paragraphs),
      'soal.docx',
    );
    expect(res.statusCode, res.body).toBe(200);
    const q = (await listed(f.subjectTeacher)).find((x) => x.stem.includes('Perhatikan gambar'))!;
    const src = /src="(\/api\/v1\/questions\/images\/[a-f0-9]{32})"/.exec(q.stem)?.[1];
    expect(src, q.stem).toBeDefined();
    expect(q.content).toMatchObject({ type: 'SINGLE', key: 'a', options: [{ text: 'Biru' }, { text: 'Merah' }] });
    const image = await ctx.call(f.subjectTeacher, 'GET', src!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(false);
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    expect((await ctx.call(student, 'GET', src!)).statusCode).toBe(403);
    const stored = await readdir(path.join(ctx.config.dataDir, 'uploads', 'questions'));
    expect(stored).toContain(src!.split('/').pop());
    // a teacher of another subject is refused before any picture is kept
    const refused = await upload(
      f.otherTeacher,
      `/api/v1/questions/import/docx${pair()}`,
      await writeDocx(paragraphs),
      'soal.docx',
    );
    expect(refused.statusCode).toBe(403);
    expect(await readdir(path.join(ctx.config.dataDir, 'uploads', 'questions'))).toHaveLength(stored.length);
  });

  it("reads Word's automatic numbering: questions at the first level, options at the second", async () => {
    const doc = await writeDocx([
      'Ulangan harian',
      { level: 0, runs: ['Ibu kota ', { bold: 'Jawa Barat' }, ' adalah ...'] },
      { level: 1, runs: ['Bandung'] },
      { level: 1, runs: ['Surabaya'] },
      'Tipe: PG',
      'Kunci: A',
      'Bobot: 1',
      { level: 0, runs: ['Pilih kota di Jawa Timur.'] },
      'Perhatikan daftar berikut.',
      { level: 1, runs: ['Malang'] },
      { level: 1, runs: ['Bogor'] },
      { level: 1, runs: ['Surabaya'] },
      'Tipe: PGK',
      'Kunci: A, C',
      'Bobot: 2',
    ]);
    const res = await upload(f.subjectTeacher, `/api/v1/questions/import/docx${pair()}`, doc, 'otomatis.docx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 2 });
    const items = await listed(f.subjectTeacher);
    const first = items.find((q) => q.stem.includes('Jawa Barat'))!;
    expect(first.stem).toBe('<p>Ibu kota <strong>Jawa Barat</strong> adalah ...</p>');
    expect(first.content).toMatchObject({
      type: 'SINGLE',
      key: 'a',
      options: [{ text: 'Bandung' }, { text: 'Surabaya' }],
    });
    const second = items.find((q) => q.stem.includes('Jawa Timur'))!;
    expect(second.stem).toBe('<p>Pilih kota di Jawa Timur.</p><p>Perhatikan daftar berikut.</p>');
    expect(second.content).toMatchObject({
      type: 'MULTIPLE',
      key: ['a', 'c'],
      options: [{}, {}, { text: 'Surabaya' }],
    });
  });

  it('reports the problems of a Word file by question number and writes nothing', async () => {
    const before = await count();
    const doc = await writeDocx([
      '1. Soal tanpa tipe',
      'Bobot: 1',
      '2. Soal kedua',
      'Tipe: PG',
      'A. satu',
      'Kunci: C',
      'Bobot: 1',
    ]);
    const res = await upload(f.subjectTeacher, `/api/v1/questions/import/docx${pair()}`, doc, 'soal.docx');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['soal 1: Tipe', 'soal 2: Kunci']);
    expect(await count()).toBe(before);
  });

  it('refuses a decompression bomb and a file that is not a Word document with a clear 4xx', async () => {
    const bomb = new JSZip();
    bomb.file('word/document.xml', Buffer.alloc(40 * 1024 * 1024));
    const bombFile = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bombFile.length).toBeLessThan(1024 * 1024);
    const bombed = await upload(f.subjectTeacher, `/api/v1/questions/import/docx${pair()}`, bombFile, 'bom.docx');
    expect(bombed.statusCode).toBe(413);
    expect(bombed.json().error.message).toMatch(/terlalu besar/);

    const notDocx = await upload(
      f.subjectTeacher,
      `/api/v1/questions/import/docx${pair()}`,
      Buffer.from('%PDF-1.4 bukan word'),
      'soal.docx',
    );
    expect(notDocx.statusCode).toBe(400);
    expect(notDocx.json().error.message).toBe('Berkas bukan Word (.docx) yang valid');
    const zip = new JSZip();
    zip.file('hello.txt', 'bukan dokumen');
    const otherZip = await upload(
      f.subjectTeacher,
      `/api/v1/questions/import/docx${pair()}`,
      await zip.generateAsync({ type: 'nodebuffer' }),
      'x.docx',
    );
    expect(otherZip.statusCode).toBe(400);
    expect(otherZip.json().error.message).toBe('Berkas bukan Word (.docx) yang valid');
  });
});

describe('pictures uploaded from the question editor', () => {
  const URL = '/api/v1/questions/images';

  it('stores a picture re-encoded without its metadata and answers where it is served', async () => {
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#cc3366' } })
      .png()
      .withMetadata({ exif: { IFD0: { ImageDescription: 'lokasi rahasia' } } })
      .toBuffer();
    // bytes hidden after the picture's end go too
    const sent = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const res = await upload(f.subjectTeacher, URL, sent, 'gambar.png');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/api\/v1\/questions\/images\/[a-f0-9]{32}$/);
    const image = await ctx.call(f.subjectTeacher, 'GET', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(sent)).toBe(false);
    expect(image.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([24, 16]);
  });

  it('lets only authors upload', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const before = await readdir(path.join(ctx.config.dataDir, 'uploads', 'questions')).catch(() => []);
    expect((await upload(student, URL, png, 'a.png')).statusCode).toBe(403);
    expect(await readdir(path.join(ctx.config.dataDir, 'uploads', 'questions')).catch(() => [])).toHaveLength(
      before.length,
    );
  });

  it('refuses what is not a JPG or PNG picture, a broken picture and a file over the limit', async () => {
    const html = await upload(f.subjectTeacher, URL, Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png');
    expect(html.statusCode).toBe(400);
    const pdf = await upload(f.subjectTeacher, URL, Buffer.from('%PDF-1.4 bukan gambar'), 'x.png');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe('Gambar harus JPG atau PNG');
    // a PNG signature with garbage behind it
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    expect((await upload(f.subjectTeacher, URL, broken, 'x.png')).statusCode).toBe(400);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload(f.subjectTeacher, URL, huge, 'besar.jpg');
    expect(tooBig.statusCode).toBe(413);
    const notMultipart = await ctx.call(f.subjectTeacher, 'POST', URL, { url: 'x' });
    expect(notMultipart.statusCode).toBe(400);
  });
});
