import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { students } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { makeBill, paymentsFixture } from '../../test/finance-payments-fixture.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { backoffSeconds, deliverDue } from './deliver.ts';
import { notify, notifyBillsDue } from './outbox.ts';
import { logProvider, providersFrom, smtpProvider, whatsappProvider, type Providers } from './providers.ts';

let ctx: TestContext;
let p: Awaited<ReturnType<typeof paymentsFixture>>;
const closers: (() => Promise<unknown>)[] = [];
const logged: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  p = await paymentsFixture(ctx);
});
afterAll(async () => {
  for (const close of closers) await close();
  await ctx.close();
});

/** A fake WhatsApp gateway on loopback: records what it receives and fails the first `failures` requests. */
async function fakeGateway(failures: number) {
  const received: { auth: string | undefined; body: unknown }[] = [];
  let calls = 0;
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c));
    req.on('end', () => {
      calls++;
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) as unknown });
      if (calls <= failures) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `wa-${calls}` }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received };
}

const log = logProvider((line) => logged.push(line));
const withWhatsApp = (url: string, token = 'rahasia-gateway'): Providers => ({
  whatsapp: whatsappProvider(url, token),
  email: log,
  log,
});

async function write(contact: { name: string; phone?: string; email?: string }, subject = 'Uji') {
  return ctx.db.transaction((tx) =>
    notify(tx, [contact], { topic: 'leave.decision', subject, body: `Isi pesan ${subject}` }),
  );
}

const messages = async (subject: string) =>
  (
    await ctx.db.execute<{ id: number; state: string; attempts: number; lastError: string | null; channel: string }>(
      sql`select id, state, attempts, last_error as "lastError", channel from outbox_messages
          where subject = ${subject} order by id`,
    )
  ).rows;

const deliveries = async (messageId: number) =>
  (
    await ctx.db.execute<{ attempt: number; ok: string; provider: string; detail: string | null }>(
      sql`select attempt, ok, provider, detail from outbox_deliveries where message_id = ${messageId} order by attempt`,
    )
  ).rows;

describe('writing to the outbox', () => {
  it('writes one message per address, and a log message for a contact without any', async () => {
    expect(await write({ name: 'Ibu Aminah', phone: '0812000111', email: 'aminah@contoh.sch.id' }, 'dua alamat')).toBe(
      2,
    );
    expect(await write({ name: 'Tanpa Alamat' }, 'tanpa alamat')).toBe(1);
    expect((await messages('dua alamat')).map((m) => m.channel)).toEqual(['whatsapp', 'email']);
    expect((await messages('tanpa alamat')).map((m) => m.channel)).toEqual(['log']);
  });

  it('is part of the transaction: a change that rolls back leaves no message', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx, [{ name: 'Batal', phone: '0812999' }], { topic: 'bill.due', subject: 'batal', body: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await messages('batal')).toEqual([]);
  });

  it("tells a bill's parent once when it falls due (WhatsApp to the parent's phone), never a paid bill", async () => {
    const s = p.f.studentsA[1]!;
    await ctx.db
      .update(students)
      .set({ fatherName: 'Bapak Hasan', parentPhone: '081234567890' })
      .where(sql`${students.id} = ${s.id}`);
    const due = await makeBill(ctx.db, {
      unitId: p.unitId,
      studentId: s.id,
      componentId: p.spp.id,
      period: '2026-11',
      amount: 300000,
    });
    const paid = await makeBill(ctx.db, {
      unitId: p.unitId,
      studentId: s.id,
      componentId: p.spp.id,
      period: '2026-12',
      amount: 300000,
      discount: 300000,
    });
    await ctx.db.execute(sql`update bills set due_date = ${clock.today()} where id in (${due.id}, ${paid.id})`);
    expect(await ctx.db.transaction((tx) => notifyBillsDue(tx))).toBe(1);
    expect(await ctx.db.transaction((tx) => notifyBillsDue(tx))).toBe(0); // once per bill
    const rows = await ctx.db.execute<{ channel: string; recipient: string; recipientName: string; body: string }>(
      sql`select channel, recipient, recipient_name as "recipientName", body from outbox_messages where topic = 'bill.due'`,
    );
    expect(rows.rows).toEqual([
      {
        channel: 'whatsapp',
        recipient: '081234567890',
        recipientName: 'Bapak Hasan',
        body: expect.stringContaining(`atas nama ${s.name} sebesar Rp 300.000`),
      },
    ]);
  });
});

describe('delivering the outbox', () => {
  // each test starts with nothing due: what earlier tests wrote goes to the log first
  beforeEach(async () => {
    await deliverDue(ctx.db, { whatsapp: log, email: log, log }, { maxAttempts: 1, retrySeconds: 0 });
  });

  it('sends through the WhatsApp gateway with its token, retrying a failing gateway until it answers', async () => {
    const gw = await fakeGateway(2);
    await write({ name: 'Pak Budi', phone: '0811222333' }, 'coba lagi');
    const [m] = await messages('coba lagi');
    const providers = withWhatsApp(gw.url);
    const options = { maxAttempts: 5, retrySeconds: 0 };
    expect(await deliverDue(ctx.db, providers, options)).toEqual({ sent: 0, failed: 1 });
    expect(await messages('coba lagi')).toMatchObject([{ state: 'pending', attempts: 1, lastError: /503/ }]);
    expect(await deliverDue(ctx.db, providers, options)).toEqual({ sent: 0, failed: 1 });
    expect(await deliverDue(ctx.db, providers, options)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDue(ctx.db, providers, options)).toEqual({ sent: 0, failed: 0 }); // nothing left
    expect(await messages('coba lagi')).toMatchObject([{ state: 'sent', attempts: 3, lastError: null }]);
    expect(await deliveries(m!.id)).toEqual([
      { attempt: 1, ok: 'error', provider: 'whatsapp', detail: expect.stringContaining('gateway HTTP 503') },
      { attempt: 2, ok: 'error', provider: 'whatsapp', detail: expect.stringContaining('gateway HTTP 503') },
      { attempt: 3, ok: 'sent', provider: 'whatsapp', detail: 'wa-3' },
    ]);
    expect(gw.received).toHaveLength(3);
    for (const r of gw.received) {
      expect(r.auth).toBe('Bearer rahasia-gateway');
      expect(r.body).toEqual({
        to: '0811222333',
        message: '*coba lagi*\nIsi pesan coba lagi',
        reference: `mms-${m!.id}`,
      });
    }
  });

  it('waits before a retry, doubling the wait, and gives up after the last attempt', async () => {
    const gw = await fakeGateway(1000);
    await write({ name: 'Bu Sari', phone: '0813444555' }, 'menyerah');
    const providers = withWhatsApp(gw.url);
    const before = clock.now().getTime();
    await deliverDue(ctx.db, providers, { maxAttempts: 3, retrySeconds: 60 });
    const next = await ctx.db.execute<{ at: Date }>(
      sql`select next_attempt_at as at from outbox_messages where subject = 'menyerah'`,
    );
    const wait = new Date(next.rows[0]!.at).getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(59_000);
    expect(wait).toBeLessThan(70_000);
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, 60))).toEqual([60, 120, 240, 480]);
    expect(backoffSeconds(30, 60)).toBe(86_400); // at most a day
    // not due yet: no second attempt
    expect(await deliverDue(ctx.db, providers, { maxAttempts: 3, retrySeconds: 60 })).toEqual({ sent: 0, failed: 0 });
    expect(gw.received).toHaveLength(1);
    // once due again (here: moved to now), the next attempts come at once with no wait, and the third is the last
    await ctx.db.execute(sql`update outbox_messages set next_attempt_at = ${clock.now()} where subject = 'menyerah'`);
    for (let i = 0; i < 3; i++) await deliverDue(ctx.db, providers, { maxAttempts: 3, retrySeconds: 0 });
    expect(await messages('menyerah')).toMatchObject([{ state: 'failed', attempts: 3, lastError: /503/ }]);
    expect(gw.received).toHaveLength(3);
  });

  it('sends e-mail over SMTP to a local SMTP server', async () => {
    const mails: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => smtp.close(() => r(undefined))));
    const port = (smtp.server.address() as AddressInfo).port;
    await write({ name: 'Ustadz Karim', email: 'karim@contoh.sch.id' }, 'Surel uji');
    const providers: Providers = {
      whatsapp: log,
      email: smtpProvider(`smtp://127.0.0.1:${port}`, 'MMS Sekolah <mms@contoh.sch.id>'),
      log,
    };
    expect(await deliverDue(ctx.db, providers, { maxAttempts: 3, retrySeconds: 0 })).toMatchObject({ sent: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.from).toBe('mms@contoh.sch.id');
    expect(mails[0]!.to).toEqual(['karim@contoh.sch.id']);
    expect(mails[0]!.data).toMatch(/^Subject: Surel uji\r?$/m);
    expect(mails[0]!.data).toMatch(/^To: Ustadz Karim <karim@contoh.sch.id>\r?$/m);
    expect(mails[0]!.data).toContain('Isi pesan Surel uji');
    const [m] = await messages('Surel uji');
    expect(m).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await deliveries(m!.id)).toEqual([
      { attempt: 1, ok: 'sent', provider: 'smtp', detail: expect.stringContaining('@') },
    ]);
  });

  it('goes to the log provider when no gateway and no SMTP is configured (the default)', async () => {
    const providers = providersFrom(loadConfig({}), (line) => logged.push(line));
    expect(Object.values(providers).map((x) => x.name)).toEqual(['log', 'log', 'log']);
    await write({ name: 'Hanya Log' }, 'ke log');
    await deliverDue(ctx.db, providers, { maxAttempts: 3, retrySeconds: 0 });
    expect(await messages('ke log')).toMatchObject([{ state: 'sent', attempts: 1 }]);
    expect(logged.some((l) => l.includes('Hanya Log') && l.includes('ke log'))).toBe(true);
  });

  it('two workers at once (two servers) send each message once', async () => {
    const gw = await fakeGateway(0);
    for (let i = 0; i < 30; i++) await write({ name: `Wali ${i}`, phone: `08577${i}` }, `serentak ${i}`);
    const providers = withWhatsApp(gw.url);
    const options = { maxAttempts: 3, retrySeconds: 0, batch: 4 };
    const [a, b] = await Promise.all([deliverDue(ctx.db, providers, options), deliverDue(ctx.db, providers, options)]);
    expect(a.sent + b.sent).toBe(30);
    const tos = gw.received.map((r) => (r.body as { to: string }).to);
    expect(new Set(tos).size).toBe(30);
    expect(tos).toHaveLength(30);
  });
});

describe('the outbox for ADMIN', () => {
  it('lists messages with filters and shows one with its delivery log; others may not', async () => {
    const admin = p.admin;
    const failed = await ctx.call(admin, 'GET', '/api/v1/outbox?state=failed&channel=whatsapp');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ total: 1, items: [{ subject: 'menyerah', state: 'failed', attempts: 3 }] });
    const byTopic = (await ctx.call(admin, 'GET', '/api/v1/outbox?topic=bill.due')).json();
    expect(byTopic.items.map((m: { recipientName: string }) => m.recipientName)).toEqual(['Bapak Hasan']);
    const search = (await ctx.call(admin, 'GET', '/api/v1/outbox?q=karim')).json();
    expect(search.items).toHaveLength(1);
    const one = await ctx.call(admin, 'GET', `/api/v1/outbox/${search.items[0].id}`);
    expect(one.json()).toMatchObject({
      subject: 'Surel uji',
      deliveries: [{ attempt: 1, ok: 'sent', provider: 'smtp' }],
    });
    const paged = (await ctx.call(admin, 'GET', '/api/v1/outbox?pageSize=2&page=2')).json();
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(30);

    expect((await ctx.call(admin, 'GET', '/api/v1/outbox/987654')).statusCode).toBe(404);
    expect((await ctx.call(admin, 'GET', '/api/v1/outbox/1099511627776')).statusCode).toBe(400);
    expect((await ctx.call(admin, 'GET', '/api/v1/outbox?state=lost')).statusCode).toBe(400);
    expect((await ctx.call(admin, 'GET', '/api/v1/outbox?q=%00')).statusCode).toBeLessThan(500);
    expect((await ctx.call(p.principal, 'GET', '/api/v1/outbox')).statusCode).toBe(403);
    expect((await ctx.call(p.teacher, 'GET', `/api/v1/outbox/${search.items[0].id}`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/v1/outbox')).statusCode).toBe(401);
  });

  it('lets ADMIN send a failed message again, audited; only a failed one, and nobody else', async () => {
    const [m] = (await ctx.call(p.admin, 'GET', '/api/v1/outbox?state=failed')).json().items;
    expect((await ctx.call(p.principal, 'POST', `/api/v1/outbox/${m.id}/retry`, {})).statusCode).toBe(403);
    expect((await ctx.call(null, 'POST', `/api/v1/outbox/${m.id}/retry`, {})).statusCode).toBe(401);
    const res = await ctx.call(p.admin, 'POST', `/api/v1/outbox/${m.id}/retry`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'pending', attempts: 0, deliveries: [{}, {}, {}] });
    const again = await ctx.call(p.admin, 'POST', `/api/v1/outbox/${m.id}/retry`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Hanya pesan yang gagal dapat dikirim ulang');
    expect((await ctx.call(p.admin, 'POST', '/api/v1/outbox/987654/retry', {})).statusCode).toBe(404);
    const logged = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'outbox.retry' and entity_id = ${String(m.id)}`,
    );
    expect(logged.rows[0]!.n).toBe(1);
    // and it is delivered on the next run
    const gw = await fakeGateway(0);
    await deliverDue(ctx.db, withWhatsApp(gw.url), { maxAttempts: 3, retrySeconds: 0 });
    expect(await messages('menyerah')).toMatchObject([{ state: 'sent', attempts: 1 }]);
  });
});
