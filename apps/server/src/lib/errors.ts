import type { ErrorCode } from '@mms/shared';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_FAILED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The coded error that services throw; the error handler turns it into the API's error shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const notFound = (what = 'Data') => new AppError('NOT_FOUND', `${what} tidak ditemukan`);
export const forbidden = (message = 'Anda tidak berhak melakukan tindakan ini') => new AppError('FORBIDDEN', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('CONFLICT', message, fields);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', message, fields);
/** 429 after too many failed sign-ins (staff or applicant), with Retry-After in seconds. */
export const signInThrottled = (retryAfterSeconds: number) =>
  new AppError(
    'RATE_LIMITED',
    `Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${Math.ceil(retryAfterSeconds / 60)} menit.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
