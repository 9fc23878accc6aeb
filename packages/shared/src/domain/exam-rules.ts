// The exam engine's plain rules, without zod: the play screen (opened by a whole class at once, often on weak
// phones) checks a token and a PIN with these before it sends them, and the contracts' schemas use the same ones.

/** Saves are accepted until the deadline plus this many seconds (requests in flight, a reconnecting phone). */
export const EXAM_SAVE_GRACE_SECONDS = 60;

export const EXAM_DEVICE_HEADER = 'x-exam-device';

/** The exam token a proctor gives out: letters and digits, at most this many. */
export const EXAM_TOKEN_MAX = 20;
export const EXAM_TOKEN_PATTERN = /^[A-Za-z0-9]*$/;

/** The proctor's one-time PIN that lets an attempt move to another device. */
export const EXAM_PIN_PATTERN = /^\d{6}$/;
