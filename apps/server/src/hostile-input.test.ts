import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mms/shared';
import { hostileTextPath } from './lib/request-guards.ts';
import { createTestContext, type Session, type TestContext } from './test/context.ts';

/**
 * Every route of the OpenAPI document gets a NUL byte in each text it takes and ids past 32 bits
 * (the columns are 32-bit): the answer is a 4xx in the error shape, never a 5xx.
 */
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: { type?: string } }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type Spec = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
let admin: Session;
let spec: Spec;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
  spec = (await ctx.call(null, 'GET', '/api/docs/json')).json();
});
afterAll(() => ctx.close());

const NUL = 'a\u0000b';
const PAST_32_BITS = 2_147_483_648;

const operations = () =>
  Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase() as 'GET', op })),
  );

function urlOf(path: string, op: Operation, pathValue: string, query: Record<string, string>) {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(/date/i.test(name) && pathValue === '1' ? '2026-07-06' : pathValue),
  );
  const q = new URLSearchParams(query).toString();
  return q ? `${filled}?${q}` : filled;
}

/** A call as the admin; a route that ended the session (sign-out, password) gets a fresh one next. */
async function send(method: 'GET', url: string, body?: unknown) {
  const res = await ctx.call(admin, method, url, body);
  if (res.statusCode === 401 && !url.includes('/auth/login')) admin = await ctx.signIn(admin.user.username);
  return res;
}

describe('hostile input on every route of the OpenAPI document', () => {
  it('finds NUL in nested input and refuses too deep input', () => {
    expect(hostileTextPath({ a: [{ b: 'x' }, { c: NUL }] })).toBe('a.1.c');
    expect(hostileTextPath({ a: 'fine', n: 1, z: null })).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(hostileTextPath(deep)).toMatch(/^d(\.d)+$/);
  });

  it('answers a NUL byte and ids past 32 bits with a 4xx, never a 5xx', async () => {
    const failures: string[] = [];
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    for (const { path, method, op } of ops) {
      if (path.startsWith('/api/docs')) continue;
      const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      const jsonBody = op.requestBody?.content?.['application/json'] ? true : false;
      const attempts: { url: string; body?: unknown }[] = [
        { url: urlOf(path, op, String(PAST_32_BITS), {}) },
        { url: urlOf(path, op, NUL, {}) },
        { url: urlOf(path, op, '1', Object.fromEntries(queryNames.map((n) => [n, NUL]))) },
        { url: urlOf(path, op, '1', Object.fromEntries(queryNames.map((n) => [n, String(PAST_32_BITS)]))) },
        { url: urlOf(path, op, '1', { q: NUL }) },
      ];
      if (jsonBody) {
        attempts.push(
          { url: urlOf(path, op, '1', {}), body: Object.fromEntries(props.map((p) => [p, NUL])) },
          { url: urlOf(path, op, '1', {}), body: Object.fromEntries(props.map((p) => [p, PAST_32_BITS])) },
          { url: urlOf(path, op, '1', {}), body: Object.fromEntries(props.map((p) => [p, [PAST_32_BITS]])) },
        );
      }
      for (const a of attempts) {
        const res = await send(method, a.url, a.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}));
        if (res.statusCode >= 500) failures.push(`${method} ${a.url} ${JSON.stringify(a.body)} -> ${res.statusCode}`);
        else if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
          expect(ERROR_CODES, `${method} ${a.url}`).toContain(res.json().error?.code);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a NUL byte in the sign-in username and in a list search with 400 in the error shape', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: `admin${'\u0000'}`, password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { username: 'Karakter tidak sah' } });
    const list = await ctx.call(admin, 'GET', '/api/v1/students?q=%00');
    expect(list.statusCode).toBe(400);
    const id = await ctx.call(admin, 'GET', `/api/v1/students/${PAST_32_BITS}`);
    expect(id.statusCode).toBe(400);
    expect(id.json().error.code).toBe('VALIDATION_FAILED');
  });
});
