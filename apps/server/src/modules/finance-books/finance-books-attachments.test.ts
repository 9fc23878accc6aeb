import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type Voucher, type VoucherAttachment } from '@mms/shared';
import { auditLog, employees, units, users, voucherAttachments } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { cleanFileName } from './finance-books-attachments.service.ts';

type Method = Parameters<TestContext['call']>[1];

let ctx: TestContext;
let cashier: Session;
let cashier2: Session;
let principal: Session;
let teacher: Session;
let student: Session;
let outsider: Session;
let draftId: number;
let accountIds: { accountId: number; moneyAccountId: number };
let postedId: number;
let JPEG: Buffer;
const PDF = Buffer.from('%PDF-1.4\n%typed\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const API = '/api/v1/finance-books';

const ok = async <T = Record<string, unknown>>(s: Session, method: Method, url: string, body?: unknown) => {
  const res = await ctx.call(s, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const stored = (name: string) => path.join(ctx.config.dataDir, 'uploads', 'vouchers', name);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const count = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(voucherAttachments))[0]!.n;

/** A multipart upload of one file in `field`. */
function upload(session: Session | null, voucherId: number, data: Buffer, name = 'nota.jpg', field = 'file') {
  const boundary = `----mms${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `${API}/vouchers/${voucherId}/attachments`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(session ? { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken } : {}),
    },
  });
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: '2026-11-20T03:00:00Z' });
  cashier = await ctx.as('TEACHERCASHIER');
  cashier2 = await ctx.signIn((await ctx.createUser({ division: 'TEACHERCASHIER' })).username);
  principal = await ctx.as('PRINCIPAL');
  teacher = await ctx.as('TEACHER');
  student = await ctx.as('STUDENT');
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'TEACHERCASHIER' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsider = await ctx.signIn(u.username);
  const add = (code: string, name: string, kind: string) =>
    ok<{ id: number }>(cashier, 'POST', `${API}/accounts`, { code, name, kind });
  const kas = (await add('1-101', 'Kas', 'CASH')).id;
  const spp = (await add('4-101', 'Pendapatan SPP', 'INCOME')).id;
  accountIds = { accountId: spp, moneyAccountId: kas };
  const draft = {
    type: 'BKM',
    date: '2026-11-10',
    accountId: spp,
    moneyAccountId: kas,
    amount: 50_000,
    description: 'SPP',
  };
  draftId = (await ok<Voucher>(cashier, 'POST', `${API}/vouchers`, draft)).id;
  const p = await ok<Voucher>(cashier, 'POST', `${API}/vouchers`, draft);
  postedId = (await ok<Voucher>(cashier2, 'POST', `${API}/vouchers/${p.id}/approve`)).id;
  JPEG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'rahasia-gps' } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

describe('cleanFileName', () => {
  it('keeps the name without a path, quotes or control characters', () => {
    expect(cleanFileName('C:\\scan\\nota "1".jpg')).toBe('nota 1.jpg');
    expect(cleanFileName('../../etc/passwd\u0000.png')).toBe('passwd.png');
    expect(cleanFileName('  \u0007 ')).toBe('lampiran');
    expect(cleanFileName(undefined)).toBe('lampiran');
    expect(cleanFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(100);
  });
});

describe('voucher attachments', () => {
  it('attaches a photo to a draft (re-encoded, without its metadata) and a PDF to a posted voucher, audited', async () => {
    const res = await upload(cashier, draftId, JPEG, 'C:\\scan\\nota 1.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as VoucherAttachment;
    expect(a).toMatchObject({ voucherId: draftId, fileName: 'nota 1.jpg', mime: 'image/jpeg' });
    const file = await ctx.call(principal, 'GET', `${API}/attachments/${a.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(file.rawPayload.includes(Buffer.from('rahasia-gps'))).toBe(false);

    const pdf = await upload(cashier, postedId, PDF, 'kuitansi.pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    const list = await ok<{ items: VoucherAttachment[] }>(principal, 'GET', `${API}/vouchers/${postedId}/attachments`);
    expect(list.items.map((i) => [i.fileName, i.mime])).toEqual([['kuitansi.pdf', 'application/pdf']]);
    const logged = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'voucher.attachment.add'));
    expect(logged[0]!.n).toBe(2);
  });

  it('never removes a posted voucher’s attachment; a draft’s may go', async () => {
    const posted = await ok<{ items: VoucherAttachment[] }>(cashier, 'GET', `${API}/vouchers/${postedId}/attachments`);
    const res = await ctx.call(cashier, 'DELETE', `${API}/attachments/${posted.items[0]!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('tidak dapat dihapus');
    const drafts = await ok<{ items: VoucherAttachment[] }>(cashier, 'GET', `${API}/vouchers/${draftId}/attachments`);
    const before = await count();
    await ok(cashier, 'DELETE', `${API}/attachments/${drafts.items[0]!.id}`);
    expect(await count()).toBe(before - 1);
    expect((await ctx.call(cashier, 'GET', `${API}/attachments/${drafts.items[0]!.id}/file`)).statusCode).toBe(404);
  });

  it('refuses hostile files with 4xx and stores nothing', async () => {
    const before = await count();
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    for (const [data, name, status] of [
      [Buffer.from('MZ\x90\x00 not a picture'), 'virus.jpg', 400],
      [Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png', 400],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(200)]), 'rusak.jpg', 400],
      [bomb, 'bom.png', 400],
      [Buffer.concat([PDF, randomBytes(3 * 1024 * 1024)]), 'besar.pdf', 413],
    ] as const) {
      const res = await upload(cashier, postedId, data, name);
      expect(res.statusCode, `${name} ${res.body}`).toBe(status);
      expect(res.json().error.code).toBeDefined();
    }
    expect((await upload(cashier, postedId, PDF, 'a.pdf', 'other')).statusCode).toBe(400);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `${API}/vouchers/${postedId}/attachments`,
      payload: {},
      headers: { cookie: cashier.cookie, [CSRF_HEADER]: cashier.csrfToken },
    });
    expect(empty.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lets finance readers read and only finance managers of the unit write', async () => {
    const list = `${API}/vouchers/${postedId}/attachments`;
    const [first] = (await ok<{ items: VoucherAttachment[] }>(cashier, 'GET', list)).items;
    for (const s of [teacher, student]) {
      expect((await ctx.call(s, 'GET', list)).statusCode).toBe(403);
      expect((await ctx.call(s, 'GET', `${API}/attachments/${first!.id}/file`)).statusCode).toBe(403);
      expect((await upload(s, postedId, PDF)).statusCode).toBe(403);
      expect((await ctx.call(s, 'DELETE', `${API}/attachments/${first!.id}`)).statusCode).toBe(403);
    }
    expect((await ctx.call(null, 'GET', list)).statusCode).toBe(401);
    expect((await upload(null, postedId, PDF)).statusCode).toBe(401);
    // a reader may not write
    expect((await upload(principal, postedId, PDF)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'DELETE', `${API}/attachments/${first!.id}`)).statusCode).toBe(403);
    // another unit's cashier sees nothing of this unit
    expect((await ctx.call(outsider, 'GET', list)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'GET', `${API}/attachments/${first!.id}/file`)).statusCode).toBe(403);
    expect((await upload(outsider, postedId, PDF)).statusCode).toBe(403);
    // unknown and bad ids
    expect((await ctx.call(cashier, 'GET', `${API}/vouchers/999999/attachments`)).statusCode).toBe(404);
    expect((await ctx.call(cashier, 'GET', `${API}/attachments/4294967296/file`)).statusCode).toBe(400);
    expect((await upload(cashier, 999999, PDF)).statusCode).toBe(404);
  });
  it('removes the files of a deleted draft (and of a deleted attachment) from the data directory', async () => {
    const draft = await ok<Voucher>(cashier, 'POST', `${API}/vouchers`, {
      type: 'BKM',
      date: '2026-11-11',
      ...accountIds,
      amount: 25_000,
      description: 'Akan dihapus',
    });
    for (const name of ['a.jpg', 'b.pdf']) {
      expect((await upload(cashier, draft.id, name.endsWith('pdf') ? PDF : JPEG, name)).statusCode).toBe(200);
    }
    const rows = await ctx.db.select().from(voucherAttachments).where(eq(voucherAttachments.voucherId, draft.id));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(await exists(stored(r.storedName))).toBe(true);

    // one attachment deleted: its file goes, the other stays
    await ok(cashier, 'DELETE', `${API}/attachments/${rows[0]!.id}`);
    expect(await exists(stored(rows[0]!.storedName))).toBe(false);
    expect(await exists(stored(rows[1]!.storedName))).toBe(true);

    // a refused delete (a reader) keeps the file
    expect((await ctx.call(principal, 'DELETE', `${API}/vouchers/${draft.id}`)).statusCode).toBe(403);
    expect(await exists(stored(rows[1]!.storedName))).toBe(true);

    // the draft deleted: its rows and the remaining file go, and the audit names the attachment
    await ok(cashier, 'DELETE', `${API}/vouchers/${draft.id}`);
    expect(await ctx.db.select().from(voucherAttachments).where(eq(voucherAttachments.voucherId, draft.id))).toEqual(
      [],
    );
    expect(await exists(stored(rows[1]!.storedName))).toBe(false);
    const [logged] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'voucher.delete' and ${auditLog.entityId} = ${String(draft.id)}`);
    expect(JSON.stringify(logged!.before)).toContain('b.pdf');
  });
});
