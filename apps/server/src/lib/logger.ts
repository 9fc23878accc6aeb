import { pino } from 'pino';
import type { Config } from '../config.ts';

export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

/** Structured JSON logs; secrets (cookies, CSRF tokens, passwords) are never written. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>) {
  return pino({ level: config.LOG_LEVEL, redact: { paths: LOG_REDACT, censor: '[redacted]' } });
}
