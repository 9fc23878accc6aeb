import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, foundation, units } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile } from '../../test/multipart.ts';

let ctx: TestContext;
let smpId: number;
let sdId: number;
let PNG: Buffer;
beforeAll(async () => {
  // the signature's date is the school's today: 25 November 2026 (01:30 WIB, still the 24th in UTC)
  ctx = await createTestContext({}, { now: '2026-11-24T18:30:00Z' });
  const [smp] = await ctx.db.select().from(units).where(eq(units.code, 'SMP'));
  smpId = smp!.id;
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  sdId = sd!.id;
  PNG = await sharp({ create: { width: 1200, height: 900, channels: 4, background: '#0a6e3c' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

function upload(session: Session, url: string, data: Buffer) {
  return postFile(ctx, session, url, 'file', { name: 'logo', data, mime: 'image/png' }, {}, 'PUT');
}

describe("the papers' letterhead and signature", () => {
  it("lets the admin set a unit's letterhead fields, validates them and audits the change", async () => {
    const admin = await ctx.as('ADMIN');
    const body = {
      npsn: '20235678',
      address: 'Jl. Pesantren No. 17, Bogor',
      city: 'Bogor',
      phone: '(021) 8765-4322',
      email: 'smp@al-amin.sch.id',
      headmaster: 'Drs. H. Muhammad Yusuf, M.Pd.',
      headmasterNip: '19720410 199803 1 004',
    };
    const res = await ctx.call(admin, 'PATCH', `/api/v1/units/${smpId}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(body);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'school.unit.update'), eq(auditLog.entityId, String(smpId))));
    expect(entry?.after).toMatchObject({ city: 'Bogor', headmasterNip: '19720410 199803 1 004' });

    const bad = await ctx.call(admin, 'PATCH', `/api/v1/units/${smpId}`, {
      email: 'bukan-email',
      headmasterNip: 'NIP-12',
      phone: 'telepon',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'headmasterNip', 'phone']);
    // only the admin changes a unit
    expect((await ctx.call(await ctx.as('PRINCIPAL'), 'PATCH', `/api/v1/units/${smpId}`, body)).statusCode).toBe(403);
  });

  it("prints a unit's letterhead and its headmaster's signature, dated today in Jakarta", async () => {
    const principal = await ctx.as('PRINCIPAL');
    const res = await ctx.call(principal, 'GET', `/api/v1/letterhead?unitId=${smpId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'UNIT',
      foundationName: 'Yayasan',
      name: 'SMP Uji',
      npsn: '20235678',
      address: 'Jl. Pesantren No. 17, Bogor',
      phone: '(021) 8765-4322',
      email: 'smp@al-amin.sch.id',
      logoUrl: null,
      signature: {
        place: 'Bogor',
        date: '2026-11-25',
        role: 'HEADMASTER',
        name: 'Drs. H. Muhammad Yusuf, M.Pd.',
        nip: '19720410 199803 1 004',
      },
    });
    // a unit's staff and students read their own unit's letterhead only (students print their invoices and receipts)
    expect((await ctx.call(principal, 'GET', `/api/v1/letterhead?unitId=${sdId}`)).statusCode).toBe(403);
    const student = await ctx.as('STUDENT');
    expect((await ctx.call(student, 'GET', `/api/v1/letterhead?unitId=${student.user.unit!.id}`)).statusCode).toBe(200);
    expect((await ctx.call(student, 'GET', `/api/v1/letterhead?unitId=${sdId}`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/v1/letterhead')).statusCode).toBe(401);
    expect((await ctx.call(principal, 'GET', '/api/v1/letterhead?unitId=abc')).statusCode).toBe(400);
  });

  it("heads papers about every unit with the foundation's letterhead and its chair's signature", async () => {
    const admin = await ctx.as('ADMIN');
    const res = await ctx.call(admin, 'PATCH', '/api/v1/foundation', {
      name: 'Yayasan Pendidikan Islam Al-Amin',
      city: 'Bogor',
      chairName: 'KH. Abdullah Mansur',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.call(admin, 'PATCH', '/api/v1/foundation', { name: '' })).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('YAYASAN'), 'PATCH', '/api/v1/foundation', { name: 'Lain' })).statusCode).toBe(
      403,
    );
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'school.foundation.update'));
    expect(entry?.after).toMatchObject({ chairName: 'KH. Abdullah Mansur' });

    const head = await ctx.call(await ctx.as('YAYASAN'), 'GET', '/api/v1/letterhead');
    expect(head.json()).toMatchObject({
      kind: 'FOUNDATION',
      name: 'Yayasan Pendidikan Islam Al-Amin',
      npsn: null,
      signature: { place: 'Bogor', date: '2026-11-25', role: 'CHAIR', name: 'KH. Abdullah Mansur', nip: null },
    });
    // the unit's letterhead names its foundation
    const unit = await ctx.call(admin, 'GET', `/api/v1/letterhead?unitId=${sdId}`);
    expect(unit.json().foundationName).toBe('Yayasan Pendidikan Islam Al-Amin');
  });

  it('stores a logo as a re-encoded PNG of at most 600×600, serves it to staff while in use, refuses other files', async () => {
    const admin = await ctx.as('ADMIN');
    const res = await upload(admin, `/api/v1/units/${smpId}/logo`, PNG);
    expect(res.statusCode, res.body).toBe(200);
    const name: string = res.json().logoPath;
    const stored = path.join(ctx.config.dataDir, 'uploads', 'logos', name);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 600, height: 450 });

    const teacher = await ctx.as('TEACHER');
    const head = await ctx.call(teacher, 'GET', `/api/v1/letterhead?unitId=${smpId}`);
    expect(head.json().logoUrl).toBe(`/api/v1/files/logos/${name}`);
    const file = await ctx.call(teacher, 'GET', `/api/v1/files/logos/${name}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // a student's printed invoice carries the logo too; strangers get nothing
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', `/api/v1/files/logos/${name}`)).statusCode).toBe(200);
    expect((await ctx.call(null, 'GET', `/api/v1/files/logos/${name}`)).statusCode).toBe(401);
    // a unit without a logo prints the foundation's; the foundation has none yet
    expect((await ctx.call(admin, 'GET', `/api/v1/letterhead?unitId=${sdId}`)).json().logoUrl).toBeNull();

    // a text file named .png is refused by its bytes; only the admin uploads
    expect((await upload(admin, `/api/v1/units/${smpId}/logo`, Buffer.from('<svg onload=alert(1)>'))).statusCode).toBe(
      400,
    );
    expect((await upload(await ctx.as('PRINCIPAL'), `/api/v1/units/${smpId}/logo`, PNG)).statusCode).toBe(403);

    // removing the logo removes the file and stops serving it
    const removed = await ctx.call(admin, 'DELETE', `/api/v1/units/${smpId}/logo`);
    expect(removed.json().logoPath).toBeNull();
    expect(existsSync(stored)).toBe(false);
    expect((await ctx.call(teacher, 'GET', `/api/v1/files/logos/${name}`)).statusCode).toBe(404);

    const own = await upload(admin, '/api/v1/foundation/logo', PNG);
    expect(own.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(foundation);
    expect(row!.logoPath).toBe(own.json().logoPath);
    expect((await ctx.call(admin, 'GET', `/api/v1/letterhead?unitId=${sdId}`)).json().logoUrl).toBe(
      `/api/v1/files/logos/${row!.logoPath}`,
    );
  });
});
