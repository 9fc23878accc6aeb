import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '@mms/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { hashSessionId, type AuthContext, type SessionResolver } from '../../lib/access.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import * as repo from './auth.repo.ts';

const TOUCH_EVERY_MS = 60_000;

export interface LoginResult {
  sessionId: string;
  csrfToken: string;
  user: AuthUser;
}

export function createAuthService(db: Database, config: Config) {
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const maxAgeMs = config.SESSION_MAX_DAYS * 86_400_000;

  const findSession = repo.prepareFindSession(db);

  const sessions: SessionResolver = {
    async resolve(sessionId, request: FastifyRequest): Promise<AuthContext | null> {
      if (sessionId.length > 128) return null;
      const idHash = hashSessionId(sessionId);
      const row = await findSession(idHash);
      if (!row) return null;
      const now = Date.now();
      const idleFor = now - row.session.lastSeenAt.getTime();
      if (!row.user.isActive || row.session.expiresAt.getTime() <= now || idleFor > idleMs) {
        await repo.deleteSession(db, idHash);
        return null;
      }
      if (idleFor > TOUCH_EVERY_MS) {
        await repo.touchSession(db, idHash).catch((err: unknown) => request.log.warn({ err }, 'session touch failed'));
      }
      return { user: repo.toAuthUser(row.user), sessionIdHash: idHash, csrfToken: row.session.csrfToken };
    },
  };

  async function login(
    input: { username: string; password: string },
    actor: AuditActor,
    userAgent: string | null,
  ): Promise<LoginResult> {
    const username = input.username.trim().toLowerCase();
    const outcome = await db.transaction(async (tx) => {
      await repo.lockUsername(tx, username);
      const { failures, oldest } = await repo.recentFailures(tx, username, config.LOGIN_FAILURE_WINDOW_MINUTES);
      if (failures >= config.LOGIN_MAX_FAILURES) {
        const releaseAt = (oldest?.getTime() ?? Date.now()) + config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
        const retryAfter = Math.max(1, Math.ceil((releaseAt - Date.now()) / 1000));
        await audit(tx, actor, { action: 'auth.login.throttled', entityType: 'user', after: { username } });
        return { kind: 'throttled' as const, retryAfter };
      }
      const user = await repo.findUserByUsername(tx, username);
      const valid = user?.isActive
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await dummyPasswordHash(), input.password), false);
      await repo.recordLoginAttempt(tx, username, actor.ip, valid);
      if (!user || !valid) {
        await audit(tx, actor, {
          action: 'auth.login.failure',
          entityType: 'user',
          entityId: user?.id,
          after: { username },
        });
        return { kind: 'invalid' as const };
      }
      const sessionId = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      await repo.insertSession(tx, {
        idHash: hashSessionId(sessionId),
        userId: user.id,
        csrfToken,
        expiresAt: new Date(Date.now() + maxAgeMs),
        ip: actor.ip,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      await audit(
        tx,
        { ...actor, userId: user.id, username: user.username },
        {
          action: 'auth.login.success',
          entityType: 'user',
          entityId: user.id,
        },
      );
      return { kind: 'ok' as const, result: { sessionId, csrfToken, user: repo.toAuthUser(user) } };
    });
    if (outcome.kind === 'throttled') {
      throw new AppError(
        'RATE_LIMITED',
        `Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${Math.ceil(outcome.retryAfter / 60)} menit.`,
        undefined,
        { 'retry-after': String(outcome.retryAfter) },
      );
    }
    if (outcome.kind === 'invalid') throw new AppError('INVALID_CREDENTIALS', 'Nama pengguna atau kata sandi salah');
    return outcome.result;
  }

  async function logout(auth: AuthContext, actor: AuditActor) {
    await db.transaction(async (tx) => {
      await repo.deleteSession(tx, auth.sessionIdHash);
      await audit(tx, actor, { action: 'auth.logout', entityType: 'user', entityId: auth.user.id });
    });
  }

  async function changePassword(
    auth: AuthContext,
    input: { currentPassword: string; newPassword: string },
    actor: AuditActor,
  ) {
    const user = await repo.findUserById(db, auth.user.id);
    if (!user) throw notFound('Pengguna');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('VALIDATION_FAILED', 'Kata sandi lama salah', { currentPassword: 'Kata sandi lama salah' });
    }
    const problem = passwordProblem(input.newPassword, user.username);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { newPassword: problem });
    const passwordHash = await hashPassword(input.newPassword);
    return db.transaction(async (tx) => {
      await repo.updatePasswordHash(tx, user.id, passwordHash);
      const ended = await repo.deleteUserSessions(tx, user.id, auth.sessionIdHash);
      await audit(tx, actor, {
        action: 'auth.password.change',
        entityType: 'user',
        entityId: user.id,
        after: { otherSessionsEnded: ended },
      });
      return ended;
    });
  }

  async function resetPassword(userId: number, newPassword: string, actor: AuditActor) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound('Pengguna');
    const problem = passwordProblem(newPassword, user.username);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { newPassword: problem });
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await repo.updatePasswordHash(tx, user.id, passwordHash);
      const ended = await repo.deleteUserSessions(tx, user.id);
      await audit(tx, actor, {
        action: 'users.password.reset',
        entityType: 'user',
        entityId: user.id,
        after: { sessionsEnded: ended },
      });
    });
  }

  return { sessions, login, logout, changePassword, resetPassword, maxAgeSeconds: Math.floor(maxAgeMs / 1000) };
}

export type AuthService = ReturnType<typeof createAuthService>;
