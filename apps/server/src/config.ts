import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { message: 'harus true atau false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Every setting of MMS comes from an environment variable and is checked here at start. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int(8080, 0, 65535),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'harus berupa URL postgres://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  COOKIE_SECURE: bool(false),
  TRUST_PROXY: bool(false),
  SESSION_IDLE_MINUTES: int(480, 1, 60 * 24 * 30),
  SESSION_MAX_DAYS: int(7, 1, 365),
  LOGIN_MAX_FAILURES: int(5, 1, 100),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(50, 1, 10000),
  LOGIN_FAILURE_WINDOW_MINUTES: int(15, 1, 24 * 60),
  LOGIN_IP_LIMIT_PER_MINUTE: int(600, 1, 100000),
  MMS_DEMO: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  DB_POOL_MAX: int(20, 1, 500),
  READ_CACHE: bool(true),
  /** seconds after an exam's deadline that saves still count (requests in flight, a reconnecting phone) */
  EXAM_GRACE_SECONDS: int(60, 0, 600),
  /** background jobs (issue 18): this process runs the queue's workers and schedules (false: serve HTTP only) */
  JOBS_WORKERS: bool(true),
  /** generate each active monthly fee's bills for the new month on its first day (a job; idempotent) */
  BILLS_AUTO_MONTHLY: bool(false),
  /** notification outbox: attempts before a message is given up, and the first retry's wait (doubling after) */
  OUTBOX_MAX_ATTEMPTS: int(5, 1, 50),
  OUTBOX_RETRY_SECONDS: int(60, 0, 86_400),
  /** WhatsApp gateway: POST {to, message, reference} with a bearer token; unset: WhatsApp messages go to the log */
  WA_GATEWAY_URL: z.url({ protocol: /^https?$/, message: 'harus berupa URL http(s)://' }).optional(),
  WA_GATEWAY_TOKEN: z.string().optional(),
  /** e-mail over SMTP: SMTP_URL (smtp[s]://user:pass@host:port) or SMTP_HOST and the rest; unset: to the log */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'harus berupa URL smtp:// atau smtps://')
    .optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: int(587, 1, 65535),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().min(3).default('MMS <no-reply@localhost>'),
  /** fixes MMS's clock at this instant (ISO 8601 with an offset), for demos and tests; it runs on from there */
  MMS_NOW: z.iso
    .datetime({ offset: true, message: 'harus waktu ISO 8601 dengan zona, mis. 2027-07-01T06:59:00+07:00' })
    .optional(),
  /**
   * the browser suite's test clock: a request's `x-mms-test-now` header (ISO 8601 with an offset) sets MMS's clock
   * for that request only (app.ts); honoured with MMS_DEMO only, never on a school's server
   */
  MMS_TEST_CLOCK: bool(false),
  /** S3-compatible object storage for uploaded files (docs/files.md); files stay under DATA_DIR/uploads when S3_BUCKET is unset */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'harus berupa URL http:// atau https://, mis. https://s3.example.com' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'harus nama bucket S3 (3-63 huruf kecil, angka, titik atau tanda hubung)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'harus nama region, mis. us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(256).optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  /** where `npm run backup` and the daily backup write their archives (default DATA_DIR/backups) */
  MMS_BACKUP_DIR: z.string().min(1).optional(),
  /** the daily backup's time, HH:MM in Asia/Jakarta (unset: no daily backup) */
  MMS_BACKUP_DAILY_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'harus jam HH:MM (00:00 sampai 23:59, waktu Jakarta)')
    .optional(),
  /** how many daily backups to keep (older ones are deleted after each new one) */
  MMS_BACKUP_KEEP: int(7, 1, 1000),
  /** bearer token for GET /metrics; unset: /metrics answers only direct requests from this machine */
  METRICS_TOKEN: z.string().min(16, 'minimal 16 karakter').max(512).optional(),
});

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (NAME=) means 'not set', as in most .env files.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(`Konfigurasi salah: ${name}=${JSON.stringify(value ?? '')} ${issue.message}`);
  }
  checkS3(parsed.data, env);
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/** S3 settings come together: a bucket and both keys, or none of them (files stay on the local disk). */
function checkS3(data: z.infer<typeof ConfigSchema>, env: NodeJS.ProcessEnv) {
  const given = (
    ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
  ).filter((name) => env[name] !== undefined && env[name] !== '');
  if (!data.S3_BUCKET) {
    if (given.length) {
      throw new ConfigError(`Konfigurasi salah: S3_BUCKET="" wajib diisi bila ${given[0]} diisi (penyimpanan S3)`);
    }
    return;
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!data[name]) throw new ConfigError(`Konfigurasi salah: ${name}="" wajib diisi bila S3_BUCKET diisi`);
  }
}
