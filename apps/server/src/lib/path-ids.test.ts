import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type Session, type TestContext } from '../test/context.ts';

/** A path id is decimal digits only: one row, one URL (issue 38, part 7). */
let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
  // ids that other spellings of a number would reach: 0x10 and +16 are 16, 1e2 is 100
  await ctx.db.execute(
    sql`insert into units (id, code, name) overriding system value values (16, 'U16', 'Unit Enam Belas'), (100, 'U100', 'Unit Seratus')`,
  );
});
afterAll(() => ctx.close());

const BAD = ['0x10', '1e2', '+16', '016', '%2016', '16%20', '16.0', '-16', '0', '2147483648', '1_6'];

describe('path ids', () => {
  it.each(['/api/v1/units/', '/api/v1/students/', '/api/v1/finance-payments/payments/'])(
    '%s{id}: every other spelling of a number is 400 in the error shape',
    async (prefix) => {
      for (const bad of BAD) {
        const res = await ctx.call(admin, 'GET', `${prefix}${bad}`);
        expect(res.statusCode, `${prefix}${bad}`).toBe(400);
        expect(res.json(), `${prefix}${bad}`).toEqual({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Data yang dikirim tidak valid',
            fields: { id: 'Id tidak valid' },
          },
        });
      }
    },
  );

  it('the decimal id still finds its row', async () => {
    const res = await ctx.call(admin, 'GET', '/api/v1/units/16');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 16, code: 'U16' });
    expect((await ctx.call(admin, 'GET', '/api/v1/units/100')).json()).toMatchObject({ id: 100, code: 'U100' });
  });

  it('a JSON body still takes a number id; true (once coerced to 1) is refused', async () => {
    const grade = (unitId: unknown) => ctx.call(admin, 'POST', '/api/v1/grades', { unitId, level: 7, name: 'Kelas 7' });
    const refused = await grade(true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ unitId: 'Unit tidak valid' });
    const ok = await grade(16);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ unitId: 16, level: 7 });
  });
});
