import { CSRF_HEADER } from '@mms/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { schoolFactory } from '../modules/school/test-factory.ts';

/**
 * Names that come from a request (a URL segment, a code someone typed) are looked up in own-key maps:
 * `constructor`, `__proto__` or `toString` must not find Object.prototype's members (issue 38, part 7).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const callback = (provider: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/finance-payments/gateway/${provider}/callback`, payload: {} });

describe('the payment gateway by name', () => {
  it.each(['constructor', 'hasownproperty', 'valueof', 'nonsense'])(
    'an unknown provider %s is 404 in the error shape',
    async (provider) => {
      const res = await callback(provider);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Penyedia pembayaran tidak ditemukan' } });
    },
  );

  it.each(['__proto__', 'toString'])('a malformed provider name %s is 400 in the error shape', async (provider) => {
    const res = await callback(provider);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('the local provider is still found (an unsigned callback is refused as unsigned)', async () => {
    const res = await callback('local');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('a message whose parameter someone typed', () => {
  it('a subject code "constructor" is named in the 409, in Indonesian and in English', async () => {
    const f = schoolFactory(ctx);
    const { wakakur, unitId } = await f.setup();
    await f.subject(wakakur, unitId, 'constructor', 'Mapel Pertama');
    const again = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/subjects',
        headers: {
          cookie: wakakur.cookie,
          [CSRF_HEADER]: wakakur.csrfToken,
          ...(language ? { 'accept-language': language } : {}),
        },
        payload: { unitId, code: 'constructor', name: 'Lain' },
      });
    const id = await again();
    expect(id.statusCode).toBe(409);
    expect(id.json().error.message).toBe('Kode mapel constructor sudah dipakai oleh Mapel Pertama');
    const en = await again('en');
    expect(en.json().error.message).toBe('Subject code constructor is already used by Mapel Pertama');
  });
});
