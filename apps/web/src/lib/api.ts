import { CSRF_HEADER, ERROR_CODES, type ErrorCode } from '@mms/shared';
import { connection } from './connection.ts';

export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

/** A failed API call, typed from the one error shape `{error:{code,message,fields?}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string>;
  readonly retryAfterSeconds: number | null;
  /** the message is the server's (in the language the call asked for), not a status line of ours */
  readonly fromServer: boolean;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: Record<string, string> = {},
    retryAfterSeconds: number | null = null,
    fromServer = true,
  ) {
    super(message);
    this.fromServer = fromServer;
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

interface ApiHandlers {
  /** The server said the session is gone (any call but sign-in itself). */
  onUnauthenticated: () => void;
}

const handlers: ApiHandlers = { onUnauthenticated: () => {} };

export function configureApi(next: Partial<ApiHandlers>): void {
  Object.assign(handlers, next);
}

// The CSRF token lives in memory only: it comes from sign-in or /auth/session and goes with the page.
let csrfToken: string | null = null;
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}
export function getCsrfToken(): string | null {
  return csrfToken;
}

// The reader's language goes with every call: the server answers its messages in it.
let requestLanguage = 'id';
export function setRequestLanguage(language: string): void {
  requestLanguage = language;
}
/** The language calls ask for: a request made outside `api` (a file download) sends it as `Accept-Language`. */
export const getRequestLanguage = (): string => requestLanguage;

const KNOWN_CODES = new Set<string>(ERROR_CODES);

async function toApiError(response: Response): Promise<ApiError> {
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON (a proxy page, an empty body): fall through to a generic error
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const code = KNOWN_CODES.has(error.code) ? (error.code as ErrorCode) : 'UNKNOWN';
    const fields =
      error.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : undefined;
    return new ApiError(response.status, code, error.message, fields, retryAfter);
  }
  const fallback: ApiErrorCode =
    response.status === 401
      ? 'UNAUTHENTICATED'
      : response.status === 403
        ? 'FORBIDDEN'
        : response.status === 404
          ? 'NOT_FOUND'
          : response.status === 429
            ? 'RATE_LIMITED'
            : response.status === 503
              ? 'UNAVAILABLE'
              : response.status >= 500
                ? 'INTERNAL'
                : 'UNKNOWN';
  return new ApiError(
    response.status,
    fallback,
    response.statusText || `HTTP ${response.status}`,
    {},
    retryAfter,
    false,
  );
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** statuses whose JSON body is a normal answer (the health check answers 503 with its body) */
  acceptStatuses?: number[];
  /** extra request headers (the exam's device id) */
  headers?: Record<string, string>;
  /** internal: this is the one repeat after a fresh CSRF token */
  csrfRetried?: boolean;
}

/** Calls `/api/v1<path>` on the same origin with the session cookie; throws ApiError on failure. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) params.set(k, String(v));
  const url = `/api/v1${path}${params.size ? `?${params}` : ''}`;
  const headers: Record<string, string> = {
    ...options.headers,
    accept: 'application/json',
    'accept-language': requestLanguage,
  };
  const form = options.body instanceof FormData ? options.body : null;
  // FormData sets its own multipart content type with the boundary
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  // a caller with a token of its own (the admission applicant's session) keeps it
  if (method !== 'GET' && csrfToken && !options.headers?.[CSRF_HEADER]) headers[CSRF_HEADER] = csrfToken;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    connection.setOnline(false);
    throw new ApiError(0, 'NETWORK', 'Tidak dapat terhubung ke server', {}, null, false);
  }
  connection.setOnline(true);

  if (response.ok || options.acceptStatuses?.includes(response.status)) {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const error = await toApiError(response);
  if (error.code === 'UNAUTHENTICATED') handlers.onUnauthenticated();
  // A page that opened without the server (the exam page's offline reload) has no CSRF token yet: fetch the
  // session's once the server answers, and send the same request again, once.
  if (error.code === 'CSRF_FAILED' && method !== 'GET' && !options.csrfRetried && (await recoverCsrfToken())) {
    return api<T>(path, { ...options, csrfRetried: true });
  }
  throw error;
}

async function recoverCsrfToken(): Promise<boolean> {
  try {
    const response = await fetch('/api/v1/auth/session', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!response.ok) return false;
    const session = (await response.json()) as { user: unknown; csrfToken?: string | null };
    if (!session.user || !session.csrfToken) return false;
    csrfToken = session.csrfToken;
    return true;
  } catch {
    return false;
  }
}

/** POSTs a multipart form (file uploads) with the same session, CSRF header and error mapping as `api`. */
export function apiForm<T>(path: string, form: FormData, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  return api<T>(path, { method: 'POST', ...options, body: form });
}
