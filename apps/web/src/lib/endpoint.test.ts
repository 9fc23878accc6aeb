import {
  ScoreColumn,
  ScoreColumnInput,
  ScoreColumnUpdate,
  ScorePolicy,
  ScorePolicyInput,
  ScoreSheetQuery,
} from '@mms/shared';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, setCsrfToken } from './api.ts';
import { endpoint, fillPath, saveBy, type PathParamNames } from './endpoint.ts';

const newColumn: ScoreColumnInput = {
  classGroupId: 1,
  subjectId: 2,
  semester: 'GANJIL',
  kind: 'HARIAN',
  title: 'UH 1',
  date: '2026-08-03',
};
const column: ScoreColumn = { id: 4, ...newColumn, assessmentId: null };

const answer = (status: number, body?: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      body === undefined ? new Response(null, { status }) : new Response(JSON.stringify(body), { status }),
    );

afterEach(() => {
  vi.restoreAllMocks();
  setCsrfToken(null);
});

describe('endpoint', () => {
  const updateColumn = endpoint('PUT', '/scores/columns/:id', { body: ScoreColumnUpdate, response: ScoreColumn });
  const deleteColumn = endpoint('DELETE', '/scores/columns/:id');
  const sheet = endpoint('GET', '/scores/recap', { query: ScoreSheetQuery, response: ScorePolicy });
  const policy = endpoint('PUT', '/scores/policy', { body: ScorePolicyInput, response: ScorePolicy });

  it('types the params of the path, the body and the answer from the contracts', () => {
    expectTypeOf<PathParamNames<'/p5-projects/:projectId/grades/:studentId'>>().toEqualTypeOf<
      'projectId' | 'studentId'
    >();
    expectTypeOf<PathParamNames<'/scores/policy'>>().toEqualTypeOf<never>();
    expectTypeOf(updateColumn).parameter(0).toHaveProperty('params').toEqualTypeOf<Record<'id', string | number>>();
    expectTypeOf(updateColumn).parameter(0).toHaveProperty('body').toEqualTypeOf<ScoreColumnUpdate>();
    expectTypeOf(updateColumn).returns.resolves.toEqualTypeOf<ScoreColumn>();
    expectTypeOf(deleteColumn).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(sheet).parameter(0).toHaveProperty('query').toEqualTypeOf<ScoreSheetQuery>();
    // @ts-expect-error a route with a :param wants it
    void (() => updateColumn({ body: {} }));
    // @ts-expect-error the body is the contract's, not any object
    void (() => policy({ body: { kkm: 'tujuh puluh' } }));
  });

  it('fills the path, sends the body as JSON with the CSRF header, and answers the server’s JSON', async () => {
    const fetchMock = answer(200, column);
    setCsrfToken('tok');
    const saved = await updateColumn({ params: { id: 4 }, body: { title: 'UH 1' } });
    expect(saved).toEqual(column);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/scores/columns/4');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ title: 'UH 1' });
    expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
  });

  it('puts the query in the URL (booleans as words, empty values left out) and reads a 204 as nothing', async () => {
    const fetchMock = answer(204);
    const rules = endpoint('GET', '/discipline/rules', {
      query: z.object({ active: z.boolean().optional(), unitId: z.number().nullish(), q: z.string().optional() }),
    });
    await rules({ query: { active: true, unitId: null, q: undefined } });
    await rules();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/discipline/rules?active=true');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/discipline/rules');
    await expect(deleteColumn({ params: { id: 'a/b' } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[2]![0]).toBe('/api/v1/scores/columns/a%2Fb');
    expect(fetchMock.mock.calls[2]![1]?.method).toBe('DELETE');
  });

  it('fails with the one error shape as ApiError', async () => {
    answer(400, { error: { code: 'VALIDATION_FAILED', message: 'Data salah', fields: { kkm: 'KKM 0 sampai 100' } } });
    const error = await policy({
      body: { subjectId: 1, gradeId: 1, kkm: 101, weights: { HARIAN: 1, PTS: 1, PAS: 1 } } as ScorePolicyInput,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual({ kkm: 'KKM 0 sampai 100' });
  });

  it('saves by id: PUT to the thing with an id, POST to the list without one', async () => {
    const fetchMock = answer(200, column);
    const save = saveBy(endpoint('POST', '/scores/columns', { body: ScoreColumnInput }), updateColumn);
    await save({ id: null, body: newColumn });
    await save({ id: 4, body: { title: 'UH 2' } });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/v1/scores/columns',
      'PUT /api/v1/scores/columns/4',
    ]);
  });

  it('names a param the caller left out', () => {
    expect(() => fillPath('/scores/columns/:id', {})).toThrow('endpoint /scores/columns/:id: no value for :id');
    expect(fillPath('/a/:x/b/:y', { x: 1, y: 'z' })).toBe('/a/1/b/z');
  });
});
