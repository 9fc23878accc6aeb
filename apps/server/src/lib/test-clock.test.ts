import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { clock } from './clock.ts';
import { TEST_CLOCK_HEADER } from './test-clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ MMS_TEST_CLOCK: 'true' });
});
afterAll(() => ctx.close());

const timeAt = async (c: TestContext, at?: string) => {
  const res = await c.app.inject({
    method: 'GET',
    url: '/api/v1/time',
    headers: at ? { [TEST_CLOCK_HEADER]: at } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { date: string; time: string; tapel: string; semester: string };
};

describe('the browser suite test clock (MMS_TEST_CLOCK)', () => {
  it('puts a request carrying x-mms-test-now on that instant, and only that request', async () => {
    const [july, january, own] = await Promise.all([
      timeAt(ctx, '2027-07-22T09:30:00+07:00'),
      timeAt(ctx, '2027-01-06T10:00:00+07:00'),
      timeAt(ctx),
    ]);
    expect(july).toMatchObject({ date: '2027-07-22', tapel: '2027/2028', semester: 'GANJIL' });
    expect(july.time.slice(0, 5)).toBe('09:30');
    expect(january).toMatchObject({ date: '2027-01-06', tapel: '2026/2027', semester: 'GENAP' });
    expect(own.date).toBe(clock.today());
  });

  it('ignores a value that is not an instant', async () => {
    expect((await timeAt(ctx, 'tomorrow')).date).toBe(clock.today());
  });

  it('is not honoured by a server without the demo, whatever its setting', async () => {
    const school = await createTestContext({ MMS_TEST_CLOCK: 'true', MMS_DEMO: 'false' });
    try {
      expect((await timeAt(school, '2030-03-04T10:00:00+07:00')).date).toBe(clock.today());
    } finally {
      await school.close();
    }
  });
});
