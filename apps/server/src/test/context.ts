import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE, type AuthUser, type Division } from '@mms/shared';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { employees, students, units, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { syncReadCache } from '../lib/read-cache.ts';
import { setClock } from '../lib/clock.ts';

export const TEST_PASSWORD = 'uji-coba-sandi-2026';
let testPasswordHash: Promise<string> | undefined;
const passwordHash = () => (testPasswordHash ??= hashPassword(TEST_PASSWORD));

export interface Session {
  cookie: string;
  csrfToken: string;
  user: AuthUser;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestContext {
  app: App;
  db: Database;
  config: Config;
  /** A signed-in user of the division (created on first use, one per division). */
  as: (division: Division) => Promise<Session>;
  createUser: (values: {
    division: Division;
    username?: string;
    password?: string;
    unitCode?: string;
  }) => Promise<{ id: number; username: string }>;
  signIn: (username: string, password?: string) => Promise<Session>;
  /** An API call with the session's cookie and CSRF header. */
  call: (session: Session | null, method: Method, url: string, body?: unknown) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

async function cloneTemplate(adminUrl: string, name: string, template: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return;
      } catch (err) {
        // 55006: the template is briefly in use by a parallel clone.
        if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
}

async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/**
 * A fresh, migrated database of its own and the real app on top of it, for one test file.
 * `empty` leaves out the fixture unit 'SMP' (for tests of what an empty installation does).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: {
    empty?: boolean;
    /** the instant MMS's clock starts from for this file (else MMS_NOW of the run, else the host's clock) */
    now?: string;
  } = {},
): Promise<TestContext> {
  const adminUrl = inject('adminUrl');
  const name = `mms_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  await cloneTemplate(adminUrl, name, inject('templateDb'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), name),
    DATABASE_URL: url.toString(),
    ...(process.env.MMS_NOW ? { MMS_NOW: process.env.MMS_NOW } : {}),
    ...env,
  });
  const now = options.now ?? config.MMS_NOW;
  if (now) setClock(now);
  const { db, pool } = createDatabase(url.toString(), 10);
  const app = await buildApp({ config, db });
  await app.ready();

  const unitIds = new Map<string, number>();
  if (!options.empty) {
    const [unit] = await db.insert(units).values({ code: 'SMP', name: 'SMP Uji' }).returning();
    unitIds.set('SMP', unit!.id);
  }

  async function createUser(values: { division: Division; username?: string; password?: string; unitCode?: string }) {
    const username = (
      values.username ?? `${values.division.toLowerCase()}_${randomBytes(3).toString('hex')}`
    ).toLowerCase();
    const hash = values.password ? await hashPassword(values.password) : await passwordHash();
    const unitId = unitIds.get(values.unitCode ?? 'SMP') ?? null;
    const [user] = await db
      .insert(users)
      .values({ username, displayName: `Pengguna ${username}`, passwordHash: hash, division: values.division, unitId })
      .returning({ id: users.id, username: users.username });
    if (values.division === 'STUDENT') {
      await db
        .insert(students)
        .values({ unitId: unitId!, userId: user!.id, nis: `NIS${user!.id}`, name: `Siswa ${username}` });
    } else {
      await db
        .insert(employees)
        .values({ unitId, userId: user!.id, nip: `NIP${user!.id}`, name: `Pegawai ${username}` });
    }
    return user!;
  }

  async function signIn(username: string, password = TEST_PASSWORD): Promise<Session> {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const body = res.json<{ user: AuthUser; csrfToken: string }>();
    return { cookie: `${SESSION_COOKIE}=${cookie.value}`, csrfToken: body.csrfToken, user: body.user };
  }

  const sessions = new Map<Division, Promise<Session>>();
  const as = (division: Division) => {
    let s = sessions.get(division);
    if (!s) {
      s = createUser({ division }).then((u) => signIn(u.username));
      sessions.set(division, s);
    }
    return s;
  };

  // Tests also write straight to the database: let the read cache hear of it before each call.
  const call: TestContext['call'] = async (session, method, url, body) => {
    await syncReadCache(db);
    return app.inject({
      method,
      url,
      headers: session ? { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };

  return {
    app,
    db,
    config,
    as,
    createUser,
    signIn,
    call,
    close: async () => {
      await app.close();
      await pool.end();
      await dropDatabase(adminUrl, name);
    },
  };
}
