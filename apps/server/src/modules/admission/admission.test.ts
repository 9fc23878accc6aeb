import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { APPLICANT_COOKIE, CSRF_HEADER, nextNis } from '@mms/shared';
import {
  academicYears,
  admissionWaves,
  applicantDocuments,
  applicants,
  bills,
  classGroups,
  employees,
  enrollments,
  paymentComponents,
  students,
  units,
  users,
} from '../../db/schema/index.ts';
import { setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { admissionFixture, applicantHeaders } from './test-fixtures.ts';
import { createAdmissionService } from './admission.service.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof admissionFixture>>;
let tu: Session;
let principal: Session;
let teacher: Session;
let outsider: Session;
const A = '/api/v1/admission';
const P = '/api/v1/admission/public';
// registration is open from 4 January to 31 March 2027 in the fixture wave
const DURING = '2027-02-10T10:00:00+07:00';

let png: Buffer;
let jpeg: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext({}, { now: DURING });
  f = await admissionFixture(ctx.db);
  tu = await ctx.as('TU');
  principal = await ctx.as('PRINCIPAL');
  teacher = await ctx.as('TEACHER');
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'TU' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsider = await ctx.signIn(u.username);
  // the fixture's applicants take numbers 0001… directly; the form's numbers start after them
  await ctx.db.execute(sql`insert into admission_counters (unit_id, year, last_no) values (${f.unit.id}, 2027, 500)`);
  png = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#aa3366' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => {
  setClock(null);
  return ctx.close();
});

type Headers = Record<string, string>;
const pub = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  ctx.app.inject({ method, url: `${P}${url}`, headers, ...(payload ? { payload } : {}) });

function multipart(data: Buffer, name = 'berkas.png') {
  const boundary = `----mms${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
const uploadOwn = (h: Headers, kind: string, data: Buffer, name?: string) => {
  const m = multipart(data, name);
  return ctx.app.inject({
    method: 'POST',
    url: `${P}/documents/${kind}`,
    payload: m.payload,
    headers: { ...h, 'content-type': m.contentType },
  });
};
const uploadStaff = (s: Session, id: number, kind: string, data: Buffer) => {
  const m = multipart(data);
  return ctx.app.inject({
    method: 'POST',
    url: `${A}/applicants/${id}/documents/${kind}`,
    payload: m.payload,
    headers: { cookie: s.cookie, [CSRF_HEADER]: s.csrfToken, 'content-type': m.contentType },
  });
};

/** Registers through the public form and answers the applicant's headers. */
async function registerPublic(name = 'Aisyah Putri') {
  const res = await pub(
    'POST',
    '/register',
    { 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.1` },
    {
      waveId: f.wave.id,
      name,
      birthDate: '2014-05-02',
      phone: '0812 3456 7890',
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const cookie = res.cookies.find((c) => c.name === APPLICANT_COOKIE)!;
  return {
    ...body,
    headers: { cookie: `${APPLICANT_COOKIE}=${cookie.value}`, [CSRF_HEADER]: body.csrfToken } as Headers,
  };
}

const fullForm = {
  name: 'Aisyah Putri',
  gender: 'P',
  nik: '3201234567890123',
  nisn: '0123456789',
  birthPlace: 'Bogor',
  birthDate: '2014-05-02',
  religion: 'Islam',
  address: 'Jl. Melati 3, Bogor',
  phone: '081234567890',
  boarding: 'MUKIM',
  fatherName: 'Budi',
  motherName: 'Siti',
  motherPhone: '081298765432',
  previousSchool: 'SD Negeri 1 Bogor',
};

describe('waves', () => {
  it('lets admission staff create, change and list waves of their unit; refuses others and bad input', async () => {
    const body = {
      academicYearId: f.year.id,
      gradeId: f.grade.id,
      name: 'Gelombang 2',
      opensOn: '2027-04-01',
      closesOn: '2027-05-31',
      quota: 30,
      registrationFee: 200000,
      entryFee: 0,
      testDurationMinutes: 60,
      testQuestionCount: 20,
    };
    const created = await ctx.call(tu, 'POST', `${A}/waves`, body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Gelombang 2', unitId: f.unit.id, isOpen: false });
    const id = created.json().id;
    const dup = await ctx.call(tu, 'POST', `${A}/waves`, body);
    expect(dup.statusCode).toBe(409);
    const changed = await ctx.call(tu, 'PUT', `${A}/waves/${id}`, { ...body, quota: 40 });
    expect(changed.json().quota).toBe(40);
    const bad = await ctx.call(tu, 'POST', `${A}/waves`, {
      ...body,
      name: 'G3',
      closesOn: '2027-03-01',
      entryFee: 100,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      closesOn: 'Tanggal tutup harus setelah tanggal buka',
      entryFeeComponentId: 'Pilih komponen pembayaran untuk uang pangkal',
    });
    expect((await ctx.call(teacher, 'GET', `${A}/waves`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', `${A}/waves`)).statusCode).toBe(401);
    expect((await ctx.call(outsider, 'PUT', `${A}/waves/${id}`, body)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'GET', `${A}/waves`)).json().items).toEqual([]);
    expect((await ctx.call(tu, 'GET', `${A}/waves`)).json().items.map((w: { id: number }) => w.id)).toContain(id);
    expect((await ctx.call(tu, 'PUT', `${A}/waves/4294967297`, body)).statusCode).toBe(400);
    expect((await ctx.call(tu, 'DELETE', `${A}/waves/${id}`)).statusCode).toBe(200);
    await f.applicant('REGISTERED', 'Penjaga Gelombang');
    expect((await ctx.call(tu, 'DELETE', `${A}/waves/${f.wave.id}`)).statusCode).toBe(409);
  });

  it('offers only waves open today to the public', async () => {
    const open = await pub('GET', '/waves');
    expect(open.json().items.map((w: { id: number }) => w.id)).toEqual([f.wave.id]);
    setClock('2027-04-02T10:00:00+07:00');
    try {
      expect((await pub('GET', '/waves')).json().items).toEqual([]);
      const late = await pub(
        'POST',
        '/register',
        {},
        { waveId: f.wave.id, name: 'Telat', birthDate: '2014-01-01', phone: '081234567890' },
      );
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toMatch(/tidak sedang dibuka/);
    } finally {
      setClock(DURING);
    }
  });
});

describe('an internal wave (jalur internal)', () => {
  it('is marked by the staff and kept off the public form', async () => {
    const created = await ctx.call(tu, 'POST', `${A}/waves`, {
      academicYearId: f.year.id,
      gradeId: f.grade.id,
      name: 'Jalur internal',
      opensOn: '2027-01-04',
      closesOn: '2027-03-31',
      quota: 60,
      registrationFee: 0,
      entryFee: 0,
      testDurationMinutes: 60,
      testQuestionCount: 20,
      internal: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ internal: true, isOpen: true });
    const id = created.json().id;
    expect((await pub('GET', '/waves')).json().items.map((w: { id: number }) => w.id)).not.toContain(id);
    const refused = await pub(
      'POST',
      '/register',
      {},
      { waveId: id, name: 'Dari luar', birthDate: '2014-01-01', phone: '081234567890' },
    );
    expect(refused.statusCode).toBe(400);
    expect((await ctx.call(tu, 'DELETE', `${A}/waves/${id}`)).statusCode).toBe(200);
  });
});

describe('public registration', () => {
  it('creates a draft with a number, a PIN shown once (stored hashed) and a session; the draft is saved and sent', async () => {
    const r = await registerPublic();
    expect(r.applicant.regNo).toMatch(/^SPMB\/SMP\/2027\/\d{4}$/);
    expect(r.pin).toMatch(/^\d{6}$/);
    const [row] = await ctx.db.select().from(applicants).where(eq(applicants.id, r.applicant.id));
    expect(row!.state).toBe('DRAFT');
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    const me = await pub('GET', '/application', r.headers);
    expect(me.statusCode).toBe(200);
    expect(me.json()).not.toHaveProperty('pinHash');

    // sending too early says what is missing
    const early = await pub('POST', '/application/submit', r.headers);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toMatchObject({
      gender: 'Jenis kelamin wajib diisi',
      'documents.PHOTO': 'Pas foto belum diunggah',
    });

    const bad = await pub('PUT', '/application', r.headers, { ...fullForm, nik: '12345', nisn: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      nik: 'NIK terdiri dari 16 angka',
      nisn: 'NISN terdiri dari 10 angka',
    });
    const nul = await pub('PUT', '/application', r.headers, { ...fullForm, address: 'Jl.\u0000' });
    expect(nul.statusCode).toBe(400);
    const saved = await pub('PUT', '/application', r.headers, fullForm);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ nik: '3201234567890123', state: 'DRAFT' });

    expect((await uploadOwn(r.headers, 'PHOTO', jpeg, 'foto.jpg')).statusCode).toBe(200);
    expect((await uploadOwn(r.headers, 'BIRTH_CERT', pdf, 'akta.pdf')).statusCode).toBe(200);
    const kk = await uploadOwn(r.headers, 'FAMILY_CARD', png, 'kk.png');
    expect(kk.statusCode).toBe(200);
    expect(kk.json().documents).toHaveLength(3);
    const sent = await pub('POST', '/application/submit', r.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().state).toBe('REGISTERED');
    expect(sent.json().events.map((e: { toState: string }) => e.toState)).toEqual(['REGISTERED']);
    expect((await pub('POST', '/application/submit', r.headers)).statusCode).toBe(409);
  });

  it('validates step one with Indonesian messages and refuses a CSRF-less change', async () => {
    const res = await pub(
      'POST',
      '/register',
      { 'x-forwarded-for': '10.9.9.9' },
      { waveId: f.wave.id, name: 'A', birthDate: 'kemarin', phone: 'x' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Nama calon siswa wajib diisi (minimal 2 huruf)',
      birthDate: 'Tanggal lahir harus berupa tanggal YYYY-MM-DD',
    });
    const huge = await pub(
      'POST',
      '/register',
      { 'x-forwarded-for': '10.9.9.8' },
      { waveId: 4294967297, name: 'Ali', birthDate: '2014-01-01', phone: '081234567890' },
    );
    expect(huge.statusCode).toBe(400);
    const r = await registerPublic('Tanpa Token');
    const noCsrf = await pub('PUT', '/application', { cookie: r.headers.cookie! }, fullForm);
    expect(noCsrf.statusCode).toBe(403);
  });

  it('refuses bad files: not an image for the photo, an unknown type, a broken or bomb image, too big', async () => {
    const r = await registerPublic('Berkas Nakal');
    const photoPdf = await uploadOwn(r.headers, 'PHOTO', pdf);
    expect(photoPdf.statusCode).toBe(400);
    expect(photoPdf.json().error.message).toMatch(/Pas foto harus berupa gambar/);
    expect((await uploadOwn(r.headers, 'OTHER', Buffer.from('<html>hi</html>'))).statusCode).toBe(400);
    expect((await uploadOwn(r.headers, 'OTHER', Buffer.concat([png.subarray(0, 40)]))).statusCode).toBe(400);
    // a PNG that claims to be 60000 × 60000 pixels: refused before it is decoded
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(60000, 16);
    bomb.writeUInt32BE(60000, 20);
    expect((await uploadOwn(r.headers, 'PHOTO', bomb)).statusCode).toBe(400);
    const big = Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024 + 10, 0x20)]);
    expect((await uploadOwn(r.headers, 'OTHER', big)).statusCode).toBe(413);
    expect((await pub('POST', '/documents/PASPOR', r.headers)).statusCode).toBe(400);
    const docs = await ctx.db
      .select()
      .from(applicantDocuments)
      .where(eq(applicantDocuments.applicantId, r.applicant.id));
    expect(docs).toEqual([]);
  });

  it('re-encodes images (metadata gone) and serves a document no-store only to its applicant and the unit’s staff', async () => {
    const r = await registerPublic('Foto GPS');
    const withExif = await sharp(jpeg)
      .withMetadata({ exif: { IFD0: { Copyright: 'RAHASIA-GPS' } } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes(Buffer.from('RAHASIA-GPS'))).toBe(true);
    const up = await uploadOwn(r.headers, 'PHOTO', withExif);
    const docId = up.json().documents[0].id;
    const own = await pub('GET', `/documents/${docId}`, r.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.includes(Buffer.from('RAHASIA-GPS'))).toBe(false);
    expect((await ctx.call(tu, 'GET', `${A}/applicants/${r.applicant.id}/documents/${docId}`)).statusCode).toBe(200);
    expect((await ctx.call(outsider, 'GET', `${A}/applicants/${r.applicant.id}/documents/${docId}`)).statusCode).toBe(
      403,
    );
    expect((await ctx.call(teacher, 'GET', `${A}/applicants/${r.applicant.id}/documents/${docId}`)).statusCode).toBe(
      403,
    );
    // another applicant cannot read it, nor the form
    const other = await registerPublic('Orang Lain');
    expect((await pub('GET', `/documents/${docId}`, other.headers)).statusCode).toBe(404);
    expect((await pub('DELETE', `/documents/${docId}`, other.headers)).statusCode).toBe(404);
    expect((await pub('GET', '/application', other.headers)).json().id).toBe(other.applicant.id);
    // a staff session is not an applicant session
    expect((await pub('GET', '/application', { cookie: tu.cookie })).statusCode).toBe(401);
    expect((await pub('DELETE', `/documents/${docId}`, r.headers)).statusCode).toBe(200);
  });

  it('gives gapless numbers to parallel registrations', async () => {
    const before = await ctx.db
      .select({ regNo: applicants.regNo })
      .from(applicants)
      .where(eq(applicants.waveId, f.wave.id));
    // straight through the service: the address limit of the route is not what this test is about
    const service = createAdmissionService(ctx.db, ctx.config.dataDir);
    const actor = { userId: null, username: null, ip: null, requestId: null };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        service.startRegistration(
          { waveId: f.wave.id, name: `Paralel ${i}`, birthDate: '2014-01-01', phone: '081234567890' },
          actor,
        ),
      ),
    );
    const numbers = results.map((r) => Number(r.regNo.split('/')[3])).sort((a, b) => a - b);
    const [{ lastNo }] = (
      await ctx.db.execute<{ lastNo: number }>(
        sql`select last_no as "lastNo" from admission_counters where unit_id = ${f.unit.id} and year = 2027`,
      )
    ).rows as [{ lastNo: number }];
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => lastNo - 7 + i));
    expect(new Set(numbers).size).toBe(8);
    expect(before.length).toBeGreaterThan(0);
  });

  it('limits registrations per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++)
      statuses.push(
        (await pub('POST', '/register', { 'x-forwarded-for': '10.200.0.1' }, { waveId: 1, name: '' })).statusCode,
      );
    expect(statuses).toContain(429);
  });
});

describe('staff', () => {
  it('enter an applicant (registered at once, PIN once), list, search, filter, export; others refused', async () => {
    const res = await ctx.call(tu, 'POST', `${A}/applicants`, {
      ...fullForm,
      nik: '',
      nisn: '',
      name: 'Bagas Staf',
      waveId: f.wave.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pin).toMatch(/^\d{6}$/);
    const id = res.json().id;
    const detail = await ctx.call(tu, 'GET', `${A}/applicants/${id}`);
    expect(detail.json()).toMatchObject({ state: 'REGISTERED', name: 'Bagas Staf' });
    const signIn = await pub('POST', '/sign-in', {}, { regNo: res.json().regNo, pin: res.json().pin });
    expect(signIn.statusCode).toBe(200);

    const list = await ctx.call(tu, 'GET', `${A}/applicants?q=bagas&state=REGISTERED&waveId=${f.wave.id}`);
    expect(list.json().items.map((r: { id: number }) => r.id)).toEqual([id]);
    const paged = await ctx.call(tu, 'GET', `${A}/applicants?pageSize=2&page=1`);
    expect(paged.json().items).toHaveLength(2);
    expect(paged.json().total).toBeGreaterThan(2);
    expect((await ctx.call(tu, 'GET', `${A}/applicants?state=NOPE`)).statusCode).toBe(400);
    const xlsx = await ctx.call(tu, 'GET', `${A}/applicants/export?q=bagas`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await ctx.call(outsider, 'GET', `${A}/applicants`)).json().items).toEqual([]);
    expect((await ctx.call(outsider, 'GET', `${A}/applicants/${id}`)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'PUT', `${A}/applicants/${id}`, fullForm)).statusCode).toBe(403);
    expect((await ctx.call(teacher, 'GET', `${A}/applicants`)).statusCode).toBe(403);
    expect((await ctx.call(teacher, 'POST', `${A}/applicants`, { ...fullForm, waveId: f.wave.id })).statusCode).toBe(
      403,
    );
    expect((await ctx.call(tu, 'GET', `${A}/applicants/4294967297`)).statusCode).toBe(400);
    const edit = await ctx.call(tu, 'PUT', `${A}/applicants/${id}`, { ...fullForm, name: 'Bagas Saputra' });
    expect(edit.json().name).toBe('Bagas Saputra');
    const dash = await ctx.call(tu, 'GET', `${A}/dashboard?waveId=${f.wave.id}`);
    expect(dash.statusCode).toBe(200);
    expect(dash.json().perState.find((s: { state: string }) => s.state === 'REGISTERED').count).toBeGreaterThan(0);
    expect(dash.json().perDay.some((d: { date: string }) => d.date === '2027-02-10')).toBe(true);
    expect((await ctx.call(teacher, 'GET', `${A}/dashboard`)).statusCode).toBe(403);
  });

  it('verify only when every required document is OK; decisions only by the principal; withdraw needs a reason', async () => {
    const a = await f.applicant('REGISTERED', 'Cek Dokumen');
    const verify = () => ctx.call(tu, 'POST', `${A}/applicants/${a.id}/move`, { to: 'VERIFIED' });
    expect((await verify()).statusCode).toBe(409);
    for (const kind of ['BIRTH_CERT', 'FAMILY_CARD', 'PHOTO'])
      expect((await uploadStaff(tu, a.id, kind, png)).statusCode).toBe(200);
    expect((await uploadStaff(outsider, a.id, 'OTHER', png)).statusCode).toBe(403);
    const docs = (await ctx.call(tu, 'GET', `${A}/applicants/${a.id}`)).json().documents as {
      id: number;
      kind: string;
    }[];
    const check = (docId: number, body: object, s = tu) =>
      ctx.call(s, 'PUT', `${A}/applicants/${a.id}/documents/${docId}/check`, body);
    const noReason = await check(docs[0]!.id, { check: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.note).toBe('Tulis alasan dokumen ditolak');
    expect((await check(docs[0]!.id, { check: 'REJECTED', note: 'buram' })).json().documents[0]).toMatchObject({
      check: 'REJECTED',
      checkNote: 'buram',
    });
    expect((await check(docs[0]!.id, { check: 'OK' }, outsider)).statusCode).toBe(403);
    for (const d of docs.slice(1)) await check(d.id, { check: 'OK' });
    expect((await verify()).statusCode).toBe(409);
    await check(docs[0]!.id, { check: 'OK' });
    const ok = await verify();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().state).toBe('VERIFIED');
    expect((await ctx.call(tu, 'POST', `${A}/applicants/${a.id}/move`, { to: 'TESTED' })).statusCode).toBe(400);
    expect((await ctx.call(tu, 'POST', `${A}/applicants/${a.id}/move`, { to: 'ACCEPTED' })).statusCode).toBe(400);
    // VERIFIED -> ACCEPTED is not in the flow (the test comes first)
    expect((await ctx.call(principal, 'POST', `${A}/applicants/${a.id}/decision`, { to: 'ACCEPTED' })).statusCode).toBe(
      409,
    );
    const t = await f.applicant('TESTED', 'Sudah Tes');
    expect((await ctx.call(tu, 'POST', `${A}/applicants/${t.id}/decision`, { to: 'ACCEPTED' })).statusCode).toBe(403);
    expect(
      (await ctx.call(principal, 'POST', `${A}/applicants/${t.id}/decision`, { to: 'WAITLISTED', expect: 'VERIFIED' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await ctx.call(principal, 'POST', `${A}/applicants/${t.id}/decision`, { to: 'WAITLISTED' })).json().state,
    ).toBe('WAITLISTED');
    const noWhy = await ctx.call(tu, 'POST', `${A}/applicants/${t.id}/move`, { to: 'WITHDRAWN' });
    expect(noWhy.statusCode).toBe(400);
    const gone = await ctx.call(tu, 'POST', `${A}/applicants/${t.id}/move`, { to: 'WITHDRAWN', note: 'pindah kota' });
    expect(gone.json().state).toBe('WITHDRAWN');
    expect(
      (await ctx.call(tu, 'POST', `${A}/applicants/${t.id}/move`, { to: 'WITHDRAWN', note: 'lagi' })).statusCode,
    ).toBe(409);
    // once verified, the applicant's own form is closed
    const h = await applicantHeaders(ctx.db, a.id);
    expect((await pub('PUT', '/application', h, fullForm)).statusCode).toBe(409);
  });
});

describe('access', () => {
  it('refuses every staff route to a teacher (403) and to nobody (401), and decisions to TU', async () => {
    const routes: [string, string, object?][] = [
      ['GET', `${A}/waves`],
      ['POST', `${A}/waves`, {}],
      ['PUT', `${A}/waves/1`, {}],
      ['DELETE', `${A}/waves/1`],
      ['GET', `${A}/applicants`],
      ['GET', `${A}/applicants/export`],
      ['POST', `${A}/applicants`, {}],
      ['GET', `${A}/applicants/1`],
      ['PUT', `${A}/applicants/1`, {}],
      ['GET', `${A}/applicants/1/documents/1`],
      ['PUT', `${A}/applicants/1/documents/1/check`, {}],
      ['POST', `${A}/applicants/1/move`, {}],
      ['POST', `${A}/applicants/1/decision`, {}],
      ['POST', `${A}/applicants/1/reregister`, {}],
      ['GET', `${A}/dashboard`],
    ];
    for (const [method, url, body] of routes) {
      const m = method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      expect((await ctx.call(teacher, m, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.call(null, m, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await uploadStaff(teacher, 1, 'PHOTO', png)).statusCode).toBe(403);
    expect((await ctx.call(tu, 'POST', `${A}/applicants/1/decision`, { to: 'ACCEPTED' })).statusCode).toBe(403);
    // the applicant's routes answer 401 without the applicant's session
    for (const [method, url] of [
      ['GET', '/application'],
      ['PUT', '/application'],
      ['POST', '/application/submit'],
      ['GET', '/documents/1'],
      ['DELETE', '/documents/1'],
    ] as const)
      expect((await pub(method, url, {}, fullForm)).statusCode, `${method} ${url}`).toBe(401);
  });
});

describe('re-registration', () => {
  it('creates the student (NIS of the entry year), the enrolment and the bills in one transaction, or nothing', async () => {
    setClock('2027-07-15T09:00:00+07:00');
    await ctx.db.update(academicYears).set({ isActive: false });
    await ctx.db.update(academicYears).set({ isActive: true }).where(eq(academicYears.id, f.year.id));
    const [cls] = await ctx.db
      .insert(classGroups)
      .values({ unitId: f.unit.id, academicYearId: f.year.id, gradeId: f.grade.id, name: '7A' })
      .returning();
    const [entry] = await ctx.db
      .insert(paymentComponents)
      .values({ unitId: f.unit.id, code: 'UP', name: 'Uang pangkal', frequency: 'ONCE', defaultAmount: 0 })
      .returning();
    await ctx.db
      .insert(paymentComponents)
      .values({ unitId: f.unit.id, code: 'SPP', name: 'SPP', frequency: 'MONTHLY', defaultAmount: 300000 });
    await ctx.db.update(admissionWaves).set({ entryFeeComponentId: entry!.id }).where(eq(admissionWaves.id, f.wave.id));
    await ctx.db.insert(students).values({ unitId: f.unit.id, nis: '270001', name: 'Kakak Kelas' });

    const a = await f.applicant('ACCEPTED', 'Dewi Lestari');
    const re = (id: number, body: object, s = tu) => ctx.call(s, 'POST', `${A}/applicants/${id}/reregister`, body);
    const wrongClass = await ctx.db
      .insert(classGroups)
      .values({
        unitId: f.unit.id,
        academicYearId: f.year.id,
        gradeId: (
          await ctx.db.execute<{ id: number }>(
            sql`insert into grades (unit_id, level, name) values (${f.unit.id}, 8, 'Kelas 8 X') returning id`,
          )
        ).rows[0]!.id,
        name: '8A',
      })
      .returning();
    expect((await re(a.id, { classGroupId: wrongClass[0]!.id })).statusCode).toBe(400);
    expect((await re(a.id, { classGroupId: cls!.id }, outsider)).statusCode).toBe(403);
    expect((await re(a.id, { classGroupId: cls!.id }, teacher)).statusCode).toBe(403);

    // a crash at the very end (the state's event) leaves no student, enrolment or bill
    await ctx.db.execute(sql`create function admission_test_crash() returns trigger language plpgsql as $$
      begin if new.to_state = 'REREGISTERED' then raise exception 'crash'; end if; return new; end $$`);
    await ctx.db.execute(
      sql`create trigger admission_test_crash before insert on applicant_events for each row execute function admission_test_crash()`,
    );
    const crashed = await re(a.id, { classGroupId: cls!.id });
    expect(crashed.statusCode).toBe(500);
    await ctx.db.execute(sql`drop trigger admission_test_crash on applicant_events`);
    expect(await ctx.db.select().from(students).where(eq(students.name, 'Dewi Lestari'))).toEqual([]);
    expect((await ctx.db.select().from(applicants).where(eq(applicants.id, a.id)))[0]!.state).toBe('ACCEPTED');

    const done = await re(a.id, { classGroupId: cls!.id });
    expect(done.statusCode, done.body).toBe(200);
    const { studentId, nis, bills: created } = done.json();
    expect(nis).toBe('270002');
    expect(created).toBeGreaterThanOrEqual(2);
    const [student] = await ctx.db.select().from(students).where(eq(students.id, studentId));
    expect(student).toMatchObject({ name: 'Dewi Lestari', unitId: f.unit.id, entryDate: '2027-07-12' });
    expect(
      await ctx.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.studentId, studentId), eq(enrollments.classGroupId, cls!.id))),
    ).toHaveLength(1);
    const studentBills = await ctx.db.select().from(bills).where(eq(bills.studentId, studentId));
    expect(studentBills.find((b) => b.componentId === entry!.id)).toMatchObject({
      amount: 5_000_000,
      status: 'UNPAID',
    });
    expect(studentBills.some((b) => b.period === '2027-07')).toBe(true);
    const [row] = await ctx.db.select().from(applicants).where(eq(applicants.id, a.id));
    expect(row).toMatchObject({ state: 'REREGISTERED', studentId, classGroupId: cls!.id });
    expect((await re(a.id, { classGroupId: cls!.id })).statusCode).toBe(409);
    setClock(DURING);
  });

  it('numbers NIS per entry year from the next free number', () => {
    expect(nextNis(2027, [])).toBe('270001');
    expect(nextNis(2027, ['270009', '260123', 'A-1', '2700010'])).toBe('270010');
    expect(nextNis(2100, ['000004'])).toBe('000005');
  });
});
