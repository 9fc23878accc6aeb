import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../test/context.ts';
import { LOG_REDACT } from './logger.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('request logs', () => {
  it('are JSON lines with a request id and never hold passwords, cookies or tokens', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logger = pino({ level: 'trace', redact: { paths: LOG_REDACT, censor: '[redacted]' } }, sink);
    const app = await buildApp({ config: ctx.config, db: ctx.db, logger });
    const u = await ctx.createUser({ division: 'TEACHER' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: u.username, password: TEST_PASSWORD },
    });
    const cookieValue = login.cookies[0]!.value;
    const { csrfToken } = login.json();
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: `mms_session=${cookieValue}`, 'x-csrf-token': csrfToken },
    });
    await app.close();

    const entries = lines.map((l) => JSON.parse(l));
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(completed.every((e) => typeof e.reqId === 'string' && e.reqId.length === 36)).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(TEST_PASSWORD);
    expect(all).not.toContain(cookieValue);
    expect(all).not.toContain(csrfToken);
  });
});
