import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '@mms/shared';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { hashSessionId, type AuthContext, type SessionResolver } from '../../lib/access.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { AppError, forbidden, notFound, signInThrottled } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import * as repo from './auth.repo.ts';

/** Ends every session of a user (a password reset, a re-created administrator); returns how many ended. */
export const endSessionsOf = (exec: Executor, userId: number) => repo.deleteUserSessions(exec, userId);

/** The auth user of an active account (an API token acts as it), or null. */
export async function activeAuthUser(exec: Executor, userId: number): Promise<AuthUser | null> {
  const row = await repo.findUserById(exec, userId);
  return row?.isActive ? repo.toAuthUser(row) : null;
}

/** The name of an account, active or not (who made a change, for a screen that lists it), or null. */
export async function accountName(exec: Executor, userId: number): Promise<string | null> {
  return (await repo.findUserById(exec, userId))?.displayName ?? null;
}

/** The names of some accounts at once (`accountName` of each), by user id; an unknown id is left out. */
export async function accountNames(exec: Executor, userIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await repo.displayNamesOf(exec, [...new Set(userIds)]);
  return new Map(rows.map((r) => [r.id, r.displayName]));
}

const TOUCH_EVERY_MS = 60_000;

export interface LoginResult {
  sessionId: string;
  csrfToken: string;
  user: AuthUser;
  /** the id for the `mms_device` cookie (the known device's, or a new one) */
  deviceId: string;
}

/** A known device is forgotten after a year without a sign-in from it (the cookie lives as long). */
export const DEVICE_MAX_IDLE_DAYS = 365;

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

  /** A fresh session (id and CSRF token) for the user; only its hash is stored. */
  async function newSession(exec: Executor, userId: number, ip: string | null, userAgent: string | null) {
    const sessionId = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    await repo.insertSession(exec, {
      idHash: hashSessionId(sessionId),
      userId,
      csrfToken,
      expiresAt: new Date(Date.now() + maxAgeMs),
      ip,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return { sessionId, csrfToken };
  }

  const windowMs = config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  const retryAfterOf = (oldest: Date | null) =>
    Math.max(1, Math.ceil(((oldest?.getTime() ?? Date.now()) + windowMs - Date.now()) / 1000));

  /**
   * Throttling that costs the attacker, not the victim. Failures count per username AND source
   * address: wrong passwords sent from one address lock out only that address for that username,
   * so nobody can lock the admin (or anyone) out from elsewhere. Against guessing spread over many
   * addresses, a larger count per username (LOGIN_MAX_FAILURES_PER_ACCOUNT) closes the account to
   * every address except the account's usual ones (a successful sign-in from it in 90 days).
   * Behind one NAT address (a school's) the per-address rule would let a student keep the admin out: a known
   * device of the account (its `mms_device` cookie) is not held by it; the per-account rule still applies.
   */
  async function throttleOf(exec: Executor, username: string, ip: string | null, knownDevice: boolean) {
    const here = knownDevice
      ? null
      : await repo.recentFailures(exec, username, config.LOGIN_FAILURE_WINDOW_MINUTES, ip);
    if (here && here.failures >= config.LOGIN_MAX_FAILURES) {
      return { by: 'address', retryAfter: retryAfterOf(here.oldest) };
    }
    const all = await repo.recentFailures(exec, username, config.LOGIN_FAILURE_WINDOW_MINUTES);
    if (all.failures >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT && !(await repo.isUsualAddress(exec, username, ip))) {
      return { by: 'account', retryAfter: retryAfterOf(all.oldest) };
    }
    return null;
  }

  /**
   * Checks the credentials under the sign-in throttling, then hands the user to `issue` (a session,
   * or an API token for the old client) in the same transaction as the audit of the success.
   */
  async function signIn<T>(
    input: { username: string; password: string },
    actor: AuditActor,
    issue: (tx: Executor, user: AuthUser, knownDevice: boolean) => Promise<T>,
    deviceId: string | null = null,
  ): Promise<T> {
    const username = input.username.trim().toLowerCase();
    const outcome = await db.transaction(async (tx) => {
      await repo.lockUsername(tx, username);
      const knownDevice = deviceId !== null && (await deviceUsername(tx, deviceId)) === username;
      const throttle = await throttleOf(tx, username, actor.ip, knownDevice);
      if (throttle) {
        await audit(tx, actor, {
          action: 'auth.login.throttled',
          entityType: 'user',
          after: { username, by: throttle.by },
        });
        return { kind: 'throttled' as const, retryAfter: throttle.retryAfter };
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
      const result = await issue(tx, repo.toAuthUser(user), knownDevice);
      await audit(
        tx,
        { ...actor, userId: user.id, username: user.username },
        {
          action: 'auth.login.success',
          entityType: 'user',
          entityId: user.id,
        },
      );
      return { kind: 'ok' as const, result };
    });
    if (outcome.kind === 'throttled') throw signInThrottled(outcome.retryAfter);
    if (outcome.kind === 'invalid') throw new AppError('INVALID_CREDENTIALS', 'Nama pengguna atau kata sandi salah');
    return outcome.result;
  }

  /** The username of a known device's id (from its cookie), or undefined for an unknown or long unused one. */
  const deviceUsername = (exec: Executor, deviceId: string) =>
    deviceId.length > 128 ? undefined : repo.knownDeviceUsername(exec, hashSessionId(deviceId), DEVICE_MAX_IDLE_DAYS);

  /** The device's id after a sign-in: the known one kept (and touched), else a new one for the cookie. */
  async function deviceAfterSignIn(tx: Executor, userId: number, deviceId: string | null, known: boolean) {
    if (known && deviceId) {
      await repo.touchKnownDevice(tx, hashSessionId(deviceId));
      return deviceId;
    }
    const fresh = randomBytes(32).toString('base64url');
    await repo.insertKnownDevice(tx, hashSessionId(fresh), userId);
    return fresh;
  }

  const login = (
    input: { username: string; password: string },
    actor: AuditActor,
    userAgent: string | null,
    deviceId: string | null = null,
  ): Promise<LoginResult> =>
    signIn(
      input,
      actor,
      async (tx, user, known) => ({
        ...(await newSession(tx, user.id, actor.ip, userAgent)),
        user,
        deviceId: await deviceAfterSignIn(tx, user.id, deviceId, known),
      }),
      deviceId,
    );

  async function logout(auth: AuthContext, actor: AuditActor) {
    await db.transaction(async (tx) => {
      await repo.deleteSession(tx, auth.sessionIdHash);
      await audit(tx, actor, { action: 'auth.logout', entityType: 'user', entityId: auth.user.id });
    });
  }

  /** The caller's account after checking the current password, and the hash of the new one under the policy. */
  async function checkedNewPassword(auth: AuthContext, input: { currentPassword: string; newPassword: string }) {
    const user = await repo.findUserById(db, auth.user.id);
    if (!user) throw notFound('Pengguna');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('VALIDATION_FAILED', 'Kata sandi lama salah', { currentPassword: 'Kata sandi lama salah' });
    }
    const problem = passwordProblem(input.newPassword, user.username);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { newPassword: problem });
    return { user, passwordHash: await hashPassword(input.newPassword) };
  }

  /** Stores the new hash and ends the user's sessions (but `keepIdHash`), audited; returns how many ended. */
  async function storeNewPassword(
    tx: Executor,
    userId: number,
    passwordHash: string,
    actor: AuditActor,
    keepIdHash?: string,
  ) {
    await repo.updatePasswordHash(tx, userId, passwordHash);
    const ended = await repo.deleteUserSessions(tx, userId, keepIdHash);
    await audit(tx, actor, {
      action: 'auth.password.change',
      entityType: 'user',
      entityId: userId,
      after: { otherSessionsEnded: ended },
    });
    return ended;
  }

  /**
   * Changes the caller's password and ends every session of the user, this one included: the caller
   * carries on in a new session (a new id and CSRF token), so a stolen session id dies with the old password.
   */
  async function changePassword(
    auth: AuthContext,
    input: { currentPassword: string; newPassword: string },
    actor: AuditActor,
    userAgent: string | null,
  ) {
    // A token caller would be handed a session here: the old client's calls change it through changePasswordWithToken.
    if (auth.token) throw forbidden('Dengan token API, kata sandi diganti lewat /api/legacy/passwordChange');
    const { user, passwordHash } = await checkedNewPassword(auth, input);
    return db.transaction(async (tx) => {
      const ended = await storeNewPassword(tx, user.id, passwordHash, actor, auth.sessionIdHash);
      await repo.deleteSession(tx, auth.sessionIdHash);
      const session = await newSession(tx, user.id, actor.ip, userAgent);
      return { otherSessionsEnded: ended, ...session };
    });
  }

  /**
   * The same change for a caller with an API token (the old client's calls): the same checks and
   * policy, every session of the user ends; the token itself goes on until it expires or is revoked.
   */
  async function changePasswordWithToken(
    auth: AuthContext,
    input: { currentPassword: string; newPassword: string },
    actor: AuditActor,
  ) {
    const { user, passwordHash } = await checkedNewPassword(auth, input);
    return db.transaction(async (tx) => ({ sessionsEnded: await storeNewPassword(tx, user.id, passwordHash, actor) }));
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

  return {
    sessions,
    signIn,
    login,
    logout,
    changePassword,
    changePasswordWithToken,
    resetPassword,
    maxAgeSeconds: Math.floor(maxAgeMs / 1000),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
