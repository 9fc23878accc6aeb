import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAllPages } from './fetch-all.ts';

afterEach(() => vi.restoreAllMocks());

describe('fetchAllPages', () => {
  it('reads page after page of 200 with the filters until it has every row, keeping the envelope fields', async () => {
    const asked: URLSearchParams[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const params = new URL(String(input), 'http://localhost').searchParams;
      asked.push(params);
      const page = Number(params.get('page'));
      const size = Number(params.get('pageSize'));
      const all = Array.from({ length: 450 }, (_, i) => ({ id: i + 1 }));
      const body = {
        semester: 'GANJIL',
        items: all.slice((page - 1) * size, page * size),
        total: 450,
        page,
        pageSize: size,
      };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const result = await fetchAllPages<
      { id: number },
      { semester: string; items: { id: number }[]; total: number; page: number; pageSize: number }
    >('/timetable', { unitId: 2 });
    expect(result.items).toHaveLength(450);
    expect(result.items.at(-1)).toEqual({ id: 450 });
    expect(result.semester).toBe('GANJIL');
    expect(asked.map((p) => Object.fromEntries(p))).toEqual([
      { unitId: '2', page: '1', pageSize: '200' },
      { unitId: '2', page: '2', pageSize: '200' },
      { unitId: '2', page: '3', pageSize: '200' },
    ]);
  });

  it('stops at an empty page even when the total promises more', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () => new Response(JSON.stringify({ items: [], total: 10, page: 1, pageSize: 200 }), { status: 200 }),
      );
    expect((await fetchAllPages('/students', {})).items).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
