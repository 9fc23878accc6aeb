import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuthUser, CurrentSessionResponse, SessionResponse } from '@mms/shared';
import { api, setCsrfToken } from './api.ts';
import { syncServerClock } from './clock.ts';

export const SESSION_KEY = ['session'] as const;

/** The signed-in user from `/auth/session`, or null for a guest (which that route answers without a 401). */
export async function fetchSession(): Promise<AuthUser | null> {
  const session = await api<CurrentSessionResponse>('/auth/session');
  syncServerClock(session.now);
  setCsrfToken(session.user ? session.csrfToken : null);
  return session.user;
}

/** The session query: main.tsx starts it before the first render, the guards and layouts read it. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: fetchSession,
  staleTime: Infinity,
  retry: false,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user; only for screens under the auth guard. */
export function useCurrentUser(): AuthUser {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser outside the auth guard');
  return data;
}

export function startSession(client: QueryClient, session: SessionResponse): void {
  setCsrfToken(session.csrfToken);
  syncServerClock(session.now);
  client.setQueryData(SESSION_KEY, session.user);
}

/** Forgets everything about the user held in this tab: token, cached data, session. */
export function clearSession(client: QueryClient): void {
  setCsrfToken(null);
  client.clear();
  client.setQueryData(SESSION_KEY, null);
}

/** A return path after sign-in: same-origin app paths only. */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/auth/')) return '/backend/dashboard';
  return next;
}

export function signInPath(returnTo: string): string {
  return `/auth/signin?next=${encodeURIComponent(returnTo)}`;
}
