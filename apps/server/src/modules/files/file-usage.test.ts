import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@mms/shared';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { fileStore } from '../../lib/uploads.ts';
import { CHECKED_KINDS } from './file-usage.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
});
afterAll(() => ctx.close());

const history = async (kind: string) =>
  ((await ctx.call(admin, 'GET', `/api/v1/upload-history?kind=${kind}`)).json() as { items: StoredFile[] }).items;

describe('the usage checkers of the upload history', () => {
  it('cover every kind MMS stores today', () => {
    expect(CHECKED_KINDS).toEqual(
      expect.arrayContaining([
        'leave',
        'material',
        'photos',
        'logos',
        'questions',
        'discipline',
        'vouchers',
        'admission',
      ]),
    );
  });

  it("find a unit's and the foundation's logo, a student's photo and an account's avatar", async () => {
    const logos = fileStore(ctx.config.dataDir, 'logos');
    const unitLogo = await logos.save(Buffer.from('unit'));
    const foundationLogo = await logos.save(Buffer.from('yayasan'));
    const spare = await logos.save(Buffer.from('cadangan'));
    await ctx.db.execute(sql`update units set logo_path = ${unitLogo} where code = 'SMP'`);
    await ctx.db.execute(sql`update foundation set logo_path = ${foundationLogo}`);

    const student = await ctx.as('STUDENT');
    const photo = await fileStore(ctx.config.dataDir, 'photos').save(Buffer.from('foto'));
    await ctx.db.execute(sql`update students set photo_path = ${photo} where id = ${student.user.studentId}`);
    const avatar = await fileStore(ctx.config.dataDir, 'avatars').save(Buffer.from('avatar'));
    await ctx.db.execute(sql`update users set avatar_path = ${avatar} where id = ${admin.user.id}`);

    const byName = new Map((await history('logos')).map((f) => [f.name, f]));
    expect(byName.get(unitLogo)).toMatchObject({ inUse: true, owners: [{ entity: 'unit', label: 'SMP Uji' }] });
    expect(byName.get(foundationLogo)).toMatchObject({ inUse: true, owners: [{ entity: 'foundation', id: '1' }] });
    expect(byName.get(spare)).toMatchObject({ inUse: false, owners: [] });
    expect((await history('photos'))[0]).toMatchObject({
      name: photo,
      inUse: true,
      owners: [{ entity: 'student', id: String(student.user.studentId) }],
    });
    expect((await history('avatars'))[0]).toMatchObject({
      inUse: true,
      owners: [{ entity: 'user', label: admin.user.username }],
    });

    // a logo in use is refused, the spare one goes
    expect((await ctx.call(admin, 'DELETE', `/api/v1/upload-history/logos/${unitLogo}`)).statusCode).toBe(409);
    expect((await ctx.call(admin, 'DELETE', `/api/v1/upload-history/logos/${spare}`)).statusCode).toBe(200);
    // once the unit drops its logo, the file is unused
    await ctx.db.execute(sql`update units set logo_path = null where code = 'SMP'`);
    expect((await history('logos')).find((f) => f.name === unitLogo)).toMatchObject({ inUse: false });
  });
});
