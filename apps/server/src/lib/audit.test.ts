import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, subjects, units } from '../db/schema/index.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { audited, type AuditActor } from './audit.ts';

let ctx: TestContext;
let unitId: number;
const actor: AuditActor = { userId: null, username: 'uji-audit', ip: '127.0.0.1', requestId: 'req-audit-1' };

beforeAll(async () => {
  ctx = await createTestContext();
  unitId = (await ctx.db.select({ id: units.id }).from(units).where(eq(units.code, 'SMP')))[0]!.id;
});
afterAll(() => ctx.close());

const entriesOf = (action: string) =>
  ctx.db
    .select({
      actorUsername: auditLog.actorUsername,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      requestId: auditLog.requestId,
    })
    .from(auditLog)
    .where(eq(auditLog.action, action));

const insertSubject = (code: string) =>
  ctx.db.transaction((tx) =>
    audited(tx, actor, { action: `test.subject.create.${code}`, entityType: 'subject' }, async () => {
      const [row] = await tx
        .insert(subjects)
        .values({ unitId, code, name: `Mapel ${code}` })
        .returning({ id: subjects.id, code: subjects.code, name: subjects.name });
      return row!;
    }),
  );

describe('audited', () => {
  it('writes the change and its entry: by default the id and the after are the result', async () => {
    const row = await insertSubject('AUD1');
    expect(await entriesOf('test.subject.create.AUD1')).toEqual([
      {
        actorUsername: 'uji-audit',
        entityType: 'subject',
        entityId: String(row.id),
        before: null,
        after: { id: row.id, code: 'AUD1', name: 'Mapel AUD1' },
        ip: '127.0.0.1',
        requestId: 'req-audit-1',
      },
    ]);
  });

  it('takes the before, an id, an after of the result, and keeps secrets out', async () => {
    const row = await insertSubject('AUD2');
    const renamed = await ctx.db.transaction((tx) =>
      audited(
        tx,
        actor,
        {
          action: 'test.subject.rename',
          entityType: 'subject',
          entityId: (r) => `s-${r.id}`,
          before: { name: row.name, token: 'rahasia' },
          after: (r: { name: string }) => ({ name: r.name, passwordHash: 'x' }),
        },
        async () => {
          const [r] = await tx
            .update(subjects)
            .set({ name: 'Mapel Baru' })
            .where(eq(subjects.id, row.id))
            .returning({ id: subjects.id, name: subjects.name });
          return r!;
        },
      ),
    );
    expect(renamed).toEqual({ id: row.id, name: 'Mapel Baru' });
    const [entry] = await entriesOf('test.subject.rename');
    expect(entry!.entityId).toBe(`s-${row.id}`);
    expect(entry!.before).toEqual({ name: 'Mapel AUD2' });
    expect(entry!.after).toEqual({ name: 'Mapel Baru' });
  });

  it('takes a write that returns the new id as the id, and a removal with no after', async () => {
    const row = await insertSubject('AUD3');
    const id = await ctx.db.transaction((tx) =>
      audited(tx, actor, { action: 'test.subject.id', entityType: 'subject', after: { code: 'AUD3' } }, () =>
        Promise.resolve(row.id),
      ),
    );
    expect(id).toBe(row.id);
    expect((await entriesOf('test.subject.id'))[0]).toMatchObject({
      entityId: String(row.id),
      after: { code: 'AUD3' },
    });

    await ctx.db.transaction((tx) =>
      audited(
        tx,
        actor,
        { action: 'test.subject.delete', entityType: 'subject', entityId: row.id, before: row, after: null },
        async () => {
          await tx.delete(subjects).where(eq(subjects.id, row.id));
          return 1;
        },
      ),
    );
    expect((await entriesOf('test.subject.delete'))[0]).toMatchObject({
      entityId: String(row.id),
      before: { id: row.id, code: 'AUD3', name: 'Mapel AUD3' },
      after: null,
    });
  });

  it('rolls the entry back with the change, and writes none when the write fails', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await audited(tx, actor, { action: 'test.subject.rollback', entityType: 'subject' }, async () => {
          const [r] = await tx.insert(subjects).values({ unitId, code: 'AUD4', name: 'Batal' }).returning();
          return r!;
        });
        throw new Error('batal setelah menulis');
      }),
    ).rejects.toThrow('batal setelah menulis');
    expect(await entriesOf('test.subject.rollback')).toEqual([]);
    expect(await ctx.db.select().from(subjects).where(eq(subjects.code, 'AUD4'))).toEqual([]);

    await expect(
      audited(ctx.db, actor, { action: 'test.subject.failed', entityType: 'subject' }, () =>
        Promise.reject(new Error('gagal menulis')),
      ),
    ).rejects.toThrow('gagal menulis');
    expect(await entriesOf('test.subject.failed')).toEqual([]);
  });
});
