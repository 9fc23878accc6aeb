import type {
  AdmissionDashboard,
  ApplicantDetail,
  ApplicantDocumentKind,
  ApplicantForm,
  ApplicantMoveInput,
  ApplicantSessionResponse,
  DocumentCheckInput,
  OpenWave,
  RegisterStartInput,
  RegisterStartResponse,
  ReregisterResult,
  StaffApplicantInput,
  Wave,
  WaveInput,
} from '@mms/shared';
import { CSRF_HEADER } from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api.ts';

const A = '/admission';
const P = '/admission/public';

// ---------- the applicant (public pages): their own session and CSRF token, apart from the staff's ----------

let applicantCsrf: string | null = null;
export const setApplicantCsrf = (token: string | null) => {
  applicantCsrf = token;
};

/** A call as the signed-in applicant: the applicant's CSRF token on every change. */
export function applicantApi<T>(path: string, options: RequestOptions = {}) {
  const headers = { ...options.headers, ...(applicantCsrf ? { [CSRF_HEADER]: applicantCsrf } : {}) };
  return api<T>(`${P}${path}`, { ...options, headers });
}

export const APPLICANT_KEY = [`${P}/application`];

export const useOpenWaves = () =>
  useQuery({ queryKey: [`${P}/waves`], queryFn: () => api<{ items: OpenWave[] }>(`${P}/waves`) });

export async function startRegistration(body: RegisterStartInput) {
  const r = await api<RegisterStartResponse>(`${P}/register`, { method: 'POST', body });
  setApplicantCsrf(r.csrfToken);
  return r;
}

export async function signInApplicant(body: { regNo: string; pin: string }) {
  const r = await api<ApplicantSessionResponse>(`${P}/sign-in`, { method: 'POST', body });
  setApplicantCsrf(r.csrfToken);
  return r;
}

/** The applicant's own form, or null when not signed in (401). */
export function useOwnApplication() {
  return useQuery({
    queryKey: APPLICANT_KEY,
    queryFn: async () => {
      try {
        const me = await applicantApi<ApplicantSessionResponse>('/me');
        setApplicantCsrf(me.csrfToken);
        return await applicantApi<ApplicantDetail>('/application');
      } catch (e) {
        if ((e as { status?: number }).status === 401) return null;
        throw e;
      }
    },
    retry: false,
  });
}

export function useApplicantActions() {
  const client = useQueryClient();
  const put = (d: ApplicantDetail | null) => client.setQueryData(APPLICANT_KEY, d);
  return {
    save: async (form: ApplicantForm) =>
      put(await applicantApi<ApplicantDetail>('/application', { method: 'PUT', body: form })),
    submit: async () => put(await applicantApi<ApplicantDetail>('/application/submit', { method: 'POST' })),
    upload: async (kind: ApplicantDocumentKind, file: File) => {
      const form = new FormData();
      form.append('file', file);
      put(await applicantApi<ApplicantDetail>(`/documents/${kind}`, { method: 'POST', body: form }));
    },
    remove: async (documentId: number) =>
      put(await applicantApi<ApplicantDetail>(`/documents/${documentId}`, { method: 'DELETE' })),
    signOut: async () => {
      await applicantApi('/sign-out', { method: 'POST' });
      setApplicantCsrf(null);
      put(null);
    },
    refresh: () => client.invalidateQueries({ queryKey: APPLICANT_KEY }),
  };
}

export const ownDocumentUrl = (id: number) => `/api/v1${P}/documents/${id}`;
export const staffDocumentUrl = (applicantId: number, id: number) =>
  `/api/v1${A}/applicants/${applicantId}/documents/${id}`;

// ---------- staff ----------

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(A) });
}

export const useWaves = () =>
  useQuery({ queryKey: [`${A}/waves`], queryFn: () => api<{ items: Wave[] }>(`${A}/waves`) });

export function useSaveWave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: WaveInput }) =>
      api<Wave>(id ? `${A}/waves/${id}` : `${A}/waves`, { method: id ? 'PUT' : 'POST', body }),
    onSuccess: refresh,
  });
}

export function useDeleteWave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api(`${A}/waves/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export const useApplicant = (id: number) =>
  useQuery({
    queryKey: [`${A}/applicants`, id],
    queryFn: () => api<ApplicantDetail>(`${A}/applicants/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useApplicantMutations(id: number) {
  const refresh = useRefresh();
  const client = useQueryClient();
  const put = (d: ApplicantDetail) => {
    client.setQueryData([`${A}/applicants`, id], d);
    void refresh();
    return d;
  };
  return {
    save: async (form: ApplicantForm) =>
      put(await api<ApplicantDetail>(`${A}/applicants/${id}`, { method: 'PUT', body: form })),
    check: async (documentId: number, body: DocumentCheckInput) =>
      put(await api<ApplicantDetail>(`${A}/applicants/${id}/documents/${documentId}/check`, { method: 'PUT', body })),
    upload: async (kind: ApplicantDocumentKind, file: File) => {
      const form = new FormData();
      form.append('file', file);
      return put(await api<ApplicantDetail>(`${A}/applicants/${id}/documents/${kind}`, { method: 'POST', body: form }));
    },
    move: async (body: ApplicantMoveInput) =>
      put(await api<ApplicantDetail>(`${A}/applicants/${id}/move`, { method: 'POST', body })),
    decide: async (body: ApplicantMoveInput) =>
      put(await api<ApplicantDetail>(`${A}/applicants/${id}/decision`, { method: 'POST', body })),
    reregister: async (classGroupId: number) => {
      const r = await api<ReregisterResult>(`${A}/applicants/${id}/reregister`, {
        method: 'POST',
        body: { classGroupId },
      });
      await client.invalidateQueries({ queryKey: [`${A}/applicants`, id] });
      return r;
    },
  };
}

export const createApplicant = (body: StaffApplicantInput) =>
  api<{ id: number; regNo: string; pin: string }>(`${A}/applicants`, { method: 'POST', body });

export const useAdmissionDashboard = (waveId: number | undefined) =>
  useQuery({
    queryKey: [`${A}/dashboard`, waveId],
    queryFn: () => api<AdmissionDashboard>(`${A}/dashboard`, { query: { waveId } }),
  });
