import type { AuthUser } from '@mms/shared';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { id } from '../../i18n/id.ts';
import { registerInstrumentMessages } from '../../i18n/instruments/index.ts';
import { renderWithApp } from '../../test/render.tsx';

/**
 * Test-only: renders an instrument screen with the app's providers and the instrument texts (Indonesian), as
 * `user` (signed in) at `path`.
 */
export async function renderInstruments(
  ui: ReactElement,
  { user, path = '/' }: { user?: AuthUser; path?: string } = {},
) {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerInstrumentMessages();
  return renderWithApp(ui, path, { user });
}

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Test-only: answers fetch by "METHOD path" (GET when no method), the first key the URL contains; an answer that is
 * a `Response` (an error, say) is sent as it is.
 */
export function stubFetch(routes: Record<string, unknown | ((call: Call) => unknown)>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { url, method, body };
      calls.push(call);
      const key = Object.keys(routes).find((k) => {
        const [m, path] = k.includes(' ') ? k.split(' ') : ['GET', k];
        return m === method && url.includes(path!);
      });
      if (key === undefined) {
        return Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Tidak ditemukan' } }), { status: 404 }),
        );
      }
      const answer = routes[key];
      const value = typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer;
      if (value instanceof Response) return Promise.resolve(value);
      return Promise.resolve(new Response(JSON.stringify(value), { status: 200 }));
    }),
  );
  return calls;
}
