import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, ChangePasswordResponse, LoginRequest, SessionResponse } from '@mms/shared';
import { useNavigate } from 'react-router';
import { api, setCsrfToken } from '../../lib/api.ts';
import { clearSession, startSession } from '../../lib/session.ts';

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => api<SessionResponse>('/auth/login', { method: 'POST', body }),
    onSuccess: (session) => startSession(client, session),
    meta: { silent: true },
  });
}

/** Ends the server session, forgets everything the tab held about the user, then shows sign-in. */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('/auth/logout', { method: 'POST' }).catch(() => undefined),
    onSettled: () => {
      clearSession(client);
      try {
        window.sessionStorage.clear();
      } catch {
        // storage blocked: nothing stored there anyway
      }
      void navigate('/auth/signin', { replace: true, state: { signedOut: true } });
    },
    meta: { silent: true },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api<ChangePasswordResponse>('/auth/password', { method: 'POST', body }),
    // The server moved the caller to a new session: its cookie came with the answer, its CSRF token here.
    onSuccess: (res) => setCsrfToken(res.csrfToken),
    meta: { silent: true },
  });
}
