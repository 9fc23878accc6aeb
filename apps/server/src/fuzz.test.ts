import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@mms/shared';
import { createTestContext, type Session, type TestContext } from './test/context.ts';

/**
 * A schema-driven fuzz of every route of the OpenAPI document (fast-check, fixed seed so a failure
 * can be replayed): hostile path and query values, JSON bodies whose fields get wrong types, huge and
 * odd unicode text, NUL bytes and deep nesting, and bodies in the wrong content type. No answer may
 * be a 5xx, and the database must be exactly as before.
 */
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

let ctx: TestContext;
let admin: Session;
let operations: { path: string; method: string; op: Operation }[];
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
  const spec = (await ctx.call(null, 'GET', '/api/docs/json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(spec.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
});
afterAll(() => ctx.close());

/**
 * Every table's rows as one digest (sessions, known devices, sign-in attempts and failures, and the audit
 * log change by design).
 */
async function fingerprint() {
  const tables = await ctx.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public'
        and tablename not in ('sessions', 'known_devices', 'login_attempts', 'applicant_sign_in_failures',
          'audit_log', '__drizzle_migrations') order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const [row] = (
      await ctx.db.execute<{ d: string }>(
        sql.raw(
          `select count(*) || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as d from "${name}" t`,
        ),
      )
    ).rows;
    parts.push(`${name}=${row!.d}`);
  }
  return parts.join('\n');
}

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { d: deep(depth - 1) });
/** A text value no route should take as it is. */
const hostileText = fc.oneof(
  fc.constant('\u0000'),
  fc.string().map((s) => `${s}\u0000`),
  fc.constant('9'.repeat(400)),
  fc.constant('2147483648'),
  fc.constant('-1'),
  fc.constant('1e308'),
  fc.constant('NaN'),
  fc.constant('2026-02-30'),
  fc.constant("' or 1=1 --"),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
/** A JSON value of the wrong kind for any field: an object where a value is expected, deep nesting, odd arrays. */
const wrongKind = fc.oneof(
  fc.constant(deep(64)),
  fc.constant({ $gt: '' }),
  fc.constant([null, [null]]),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant({ constructor: { prototype: { x: 1 } } }),
);
const anyHostile = fc.oneof(
  wrongKind,
  hostileText,
  fc.constant('x'.repeat(300_000)),
  fc.constantFrom(2 ** 53, -(2 ** 31) - 1, 2_147_483_648, 1.5, -0, true, false, null),
  fc.array(fc.oneof(hostileText, fc.integer()), { maxLength: 5 }),
);

async function send(method: string, url: string, payload?: string, contentType?: string) {
  const headers: Record<string, string> = { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken };
  if (contentType) headers['content-type'] = contentType;
  const res = await ctx.app.inject({ method: method as 'GET', url, payload, headers });
  if (res.statusCode === 401) admin = await ctx.signIn(admin.user.username);
  return res;
}

describe('fuzz over every route of the OpenAPI document', () => {
  it('answers hostile input with a 4xx and changes nothing in the database', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const before = await fingerprint();
    const failures: string[] = [];
    let requests = 0;
    for (const { path, method, op } of operations) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      const takesJson = Boolean(op.requestBody?.content?.['application/json']);
      const bodyArb = takesJson
        ? fc.record({
            // at least one field of the wrong kind, so no body can be valid
            spoiled: fc.constantFrom(...(props.length ? props : ['x'])),
            wrong: wrongKind,
            rest: fc.dictionary(fc.constantFrom(...(props.length ? props : ['x'])), anyHostile, { maxKeys: 6 }),
            contentType: fc.constantFrom(
              'application/json',
              'application/json',
              'text/plain',
              'application/xml',
              'multipart/form-data; boundary=x',
            ),
          })
        : fc.constant(null);
      await fc.assert(
        fc.asyncProperty(
          hostileText,
          fc.record(Object.fromEntries((query.length ? query : ['q']).map((name) => [name, hostileText])), {
            requiredKeys: [],
          }),
          bodyArb,
          async (pathValue, queryValues, body) => {
            const url =
              path.replace(/\{\w+\}/g, () => encodeURIComponent(pathValue)) +
              (Object.keys(queryValues).length
                ? `?${new URLSearchParams(queryValues as Record<string, string>).toString()}`
                : '');
            let payload: string | undefined;
            let contentType: string | undefined;
            if (body) {
              payload = JSON.stringify({ ...body.rest, [body.spoiled]: body.wrong });
              contentType = body.contentType;
            } else if (method !== 'GET' && method !== 'DELETE') {
              payload = JSON.stringify({ [`${pathValue}`]: pathValue });
              contentType = 'application/json';
            }
            requests++;
            const res = await send(method, url, payload, contentType);
            if (res.statusCode >= 500) failures.push(`${method} ${url} ${payload?.slice(0, 200)} -> ${res.statusCode}`);
            return true;
          },
        ),
        { seed: 20261123, numRuns: 10 },
      );
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(600);
    expect(await fingerprint()).toBe(before);
  }, 180_000);
});
