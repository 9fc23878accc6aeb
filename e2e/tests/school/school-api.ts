import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../support.ts';

/** A suffix that makes this run's names unique (tests never depend on another run's or test's data). */
export const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

/** Reads the API with the session the page already has (no new sign-in, so the page's CSRF token stays valid). */
export function apiGet(request: APIRequestContext) {
  return async <T>(path: string): Promise<T> => {
    const res = await request.get(`/api/v1${path}`);
    expect(res.status(), `GET ${path}`).toBe(200);
    return (await res.json()) as T;
  };
}

/**
 * Signs the page's browser context in through the API and returns a caller that sends the CSRF header on
 * writes. Sign in once per test: a second sign-in replaces the session the page holds.
 */
export async function apiAs(request: APIRequestContext, username: string) {
  const login = await request.post('/api/v1/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.status(), `sign-in of ${username}`).toBe(200);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const headers = { 'x-csrf-token': csrfToken };
  return {
    async get<T>(path: string): Promise<T> {
      const res = await request.get(`/api/v1${path}`);
      expect(res.status(), `GET ${path}`).toBe(200);
      return (await res.json()) as T;
    },
    async post<T>(path: string, data: unknown): Promise<T> {
      const res = await request.post(`/api/v1${path}`, { data, headers });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    },
  };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

interface Item {
  id: number;
  code?: string;
  name: string;
  isActive?: boolean;
  unitId?: number;
  level?: number;
}

/** The SD unit, the active year and SD's first grade: the frame a test builds its own classes in. */
export async function sdFrame(api: Api) {
  const units = await api.get<{ items: Item[] }>('/units?pageSize=50');
  const sd = units.items.find((u) => u.code === 'SD') ?? units.items[0]!;
  const years = await api.get<{ items: Item[] }>('/academic-years?pageSize=50');
  const year = years.items.find((y) => y.isActive) ?? years.items[0]!;
  const grades = await api.get<{ items: Item[] }>(`/grades?pageSize=50&unitId=${sd.id}`);
  const grade = [...grades.items].sort((a, b) => a.level! - b.level!)[0]!;
  return { unit: sd, year, grade };
}
