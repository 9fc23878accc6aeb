// The API's wire constants, kept apart from the zod contracts so a screen that only needs them
// (the sign-in page, the fetch wrapper) does not bundle zod.

export const APP_NAME = 'MMS';
export const APP_VERSION = '1.7.0';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'CSRF_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  /** the database cannot be reached for a moment (a restart): try again shortly */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'mms_session';
