import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@mms/shared';
import { createTestContext, type Session, type TestContext } from '../test/context.ts';
import { hostileInput } from './request-guards.ts';

/** A refused input says what is wrong with it: a NUL, a lone surrogate or too deep nesting (issue 38, part 7). */
let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
});
afterAll(() => ctx.close());

/** POST /units with the JSON text as it is sent (escapes included), optionally in another language. */
const postUnit = (json: string, language?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/units',
    headers: {
      cookie: admin.cookie,
      [CSRF_HEADER]: admin.csrfToken,
      'content-type': 'application/json',
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: json,
  });

const nested = (levels: number) =>
  '{"code":"SMA","name":"x","d":'.concat('{"d":'.repeat(levels), '1', '}'.repeat(levels + 1));

describe('hostile input says what is wrong', () => {
  it.each([
    ['a lone high surrogate', '{"code":"SMA","name":"a\\ud800b"}'],
    ['a lone low surrogate', '{"code":"SMA","name":"\\udc00"}'],
    ['a high surrogate at the end', '{"code":"SMA","name":"ab\\udbff"}'],
  ])('%s is 400 naming a broken Unicode character, in Indonesian and in English', async (_, json) => {
    const id = await postUnit(json);
    expect(id.statusCode).toBe(400);
    expect(id.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Teks berisi karakter Unicode yang rusak (separuh pasangan surrogate)',
        fields: { name: 'Karakter Unicode rusak' },
      },
    });
    const en = await postUnit(json, 'en-US,en;q=0.9');
    expect(en.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The text holds a broken Unicode character (half of a surrogate pair)',
        fields: { name: 'Broken Unicode character' },
      },
    });
  });

  it('a lone surrogate in a key is refused the same way', async () => {
    const res = await postUnit('{"code":"SMA","name":"x","\\ud800k":1}');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Teks berisi karakter Unicode yang rusak (separuh pasangan surrogate)',
      fields: { key: 'Karakter Unicode rusak' },
    });
  });

  it('a NUL is 400 naming the NUL', async () => {
    const res = await postUnit('{"code":"SMA","name":"a\\u0000b"}', 'en');
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Text may not contain NUL characters',
        fields: { name: 'Invalid characters' },
      },
    });
    expect((await postUnit('{"code":"SMA","name":"a\\u0000b"}')).json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Teks tidak boleh berisi karakter NUL',
      fields: { name: 'Karakter tidak sah' },
    });
  });

  it('too deep input is 400 naming the nesting', async () => {
    const res = await postUnit(nested(40));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Data bersarang terlalu dalam' });
    expect(Object.values(res.json().error.fields)).toEqual(['Bersarang terlalu dalam']);
    expect((await postUnit(nested(40), 'en')).json().error.message).toBe('The data is nested too deeply');
  });

  it('a whole surrogate pair (an emoji) is text like any other', async () => {
    const res = await postUnit('{"code":"SMA","name":"Unit \\ud83d\\ude00"}');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Unit \u{1F600}');
    expect(hostileInput({ a: ['\u{1F600}', 'ok'] })).toBeNull();
    expect(hostileInput({ a: ['ok', 'x\uDC00'] })).toEqual({ path: 'a.1', problem: 'lone-surrogate' });
  });
});
