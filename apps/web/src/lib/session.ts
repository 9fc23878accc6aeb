import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuthUser, CurrentSessionResponse, Permission, SessionResponse } from '@mms/shared';
import { api, isApiError, setCsrfToken } from './api.ts';
import { syncServerClock } from './clock.ts';

export const SESSION_KEY = ['session'] as const;

/**
 * The signed-in user with what the session may do: the server's permission table as the ADMIN changed it for the
 * user's division and unit (issue 39). Absent (an older answer, a user kept for the offline exam page): the code's
 * table. Read it through lib/permissions.ts (`userCan`, `useCan`).
 */
export type SessionUser = AuthUser & { readonly permissions?: readonly Permission[] };

const sessionUser = (user: AuthUser, permissions: readonly Permission[] | undefined): SessionUser =>
  permissions ? { ...user, permissions } : user;

/** The signed-in user from `/auth/session`, or null for a guest (which that route answers without a 401). */
export async function fetchSession(): Promise<SessionUser | null> {
  let session: CurrentSessionResponse;
  try {
    session = await api<CurrentSessionResponse>('/auth/session');
  } catch (error) {
    // the exam page opened without a connection: it works from its journal as the user it was opened by
    const offline = isApiError(error) && error.code === 'NETWORK' ? offlineUser() : null;
    if (offline) return offline;
    throw error;
  }
  syncServerClock(session.now);
  if (!session.user) {
    setCsrfToken(null);
    return null;
  }
  setCsrfToken(session.csrfToken);
  return sessionUser(session.user, session.permissions);
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
export function useCurrentUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser outside the auth guard');
  return data;
}

export function startSession(client: QueryClient, session: SessionResponse): void {
  setCsrfToken(session.csrfToken);
  syncServerClock(session.now);
  client.setQueryData(SESSION_KEY, sessionUser(session.user, session.permissions));
}

const OFFLINE_USER_KEY = 'mms.exam-offline-user';
/** The screens that open without a connection (their data comes from the browser's journal). */
const OFFLINE_SCREENS = /^\/backend\/mms\/tutor\/play-online-(formative|summative)\/[^/]+\/?$/;

/**
 * The exam page keeps who opened it for this tab (sessionStorage: the name and division shown, never a token), so a
 * reload without a connection opens it again; anywhere else, and after sign-out, nothing is kept.
 */
export function keepUserForOffline(user: AuthUser | null): void {
  try {
    if (user) sessionStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(user));
    else sessionStorage.removeItem(OFFLINE_USER_KEY);
  } catch {
    // storage blocked: no offline reload
  }
}

function offlineUser(): AuthUser | null {
  if (!OFFLINE_SCREENS.test(location.pathname)) return null;
  try {
    const raw = sessionStorage.getItem(OFFLINE_USER_KEY);
    return raw ? (JSON.parse(raw) as AuthUser) : null;
  } catch {
    return null;
  }
}

/** Forgets everything about the user held in this tab: token, cached data, session. */
export function clearSession(client: QueryClient): void {
  keepUserForOffline(null);
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
