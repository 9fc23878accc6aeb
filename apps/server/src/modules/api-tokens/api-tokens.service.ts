import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  API_TOKEN_VISIBLE_CHARS,
  can,
  endOfJakartaDay,
  isPermission,
  LEGACY_LOGIN_TOKEN_HOURS,
  permissionsOf,
  type ApiToken,
  type ApiTokenInput,
  type ApiTokensQuery,
  type AuthUser,
  type Permission,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthContext, TokenResolver } from '../../lib/access.ts';
import { toActor } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { seesAllUnits } from '../../lib/scope.ts';
import { activeAuthUser } from '../auth/auth.service.ts';
import * as repo from './api-tokens.repo.ts';

/** Longer than any token MMS hands out: anything longer is refused before hashing. */
const MAX_TOKEN_LENGTH = 100;
const TOUCH_EVERY_MS = 60_000;

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token: the prefix and 32 random bytes, only its hash and first characters kept. */
function newToken() {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashApiToken(token), prefix: token.slice(0, API_TOKEN_VISIBLE_CHARS) };
}

function toApiToken(row: repo.TokenRow, now: Date): ApiToken {
  const state = row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    ...row,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    state,
  };
}

export function createApiTokensService(db: Database) {
  /**
   * `Authorization: Bearer <token>` → the auth context of the account the token acts as: null for
   * an unknown, revoked or expired token, an inactive account, or an account moved off the token's unit.
   */
  const resolver: TokenResolver = {
    async resolve(token, request): Promise<AuthContext | null> {
      if (token.length > MAX_TOKEN_LENGTH || !token.startsWith(API_TOKEN_PREFIX)) return null;
      const row = await repo.findByHash(db, hashApiToken(token));
      const now = clock.now();
      if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
      const user = await activeAuthUser(db, row.userId);
      if (!user) return null;
      const unit = row.unitId === null ? null : { id: row.unitId, code: row.unitCode ?? '', name: row.unitName ?? '' };
      if (unit && !seesAllUnits(user) && user.unit?.id !== unit.id) return null;
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await repo.touch(db, row.id, now).catch((err: unknown) => request.log.warn({ err }, 'token touch failed'));
      }
      const scopes = row.scopes.filter((s): s is Permission => isPermission(s));
      return {
        user: toActor(user, { scopes, unit }),
        sessionIdHash: '',
        csrfToken: '',
        token: { id: row.id, name: row.name, scopes },
      };
    },
  };

  async function create(input: ApiTokenInput, creatorId: number, actor: AuditActor) {
    const account = await activeAuthUser(db, input.userId);
    if (!account) throw badRequest('Akun tidak ditemukan atau tidak aktif', { userId: 'Akun tidak ditemukan' });
    const beyond = input.scopes.filter((s) => !can(account.division, s));
    if (beyond.length > 0) {
      const message = `Divisi akun ini tidak memiliki izin: ${beyond.join(', ')}`;
      throw badRequest(message, { scopes: message });
    }
    if (input.unitId !== null) {
      if (!(await repo.unitExists(db, input.unitId)))
        throw badRequest('Unit tidak ditemukan', { unitId: 'Unit tidak ditemukan' });
      if (!seesAllUnits(account) && account.unit?.id !== input.unitId) {
        throw badRequest('Akun ini hanya boleh memakai unitnya sendiri', { unitId: 'Bukan unit akun ini' });
      }
    }
    const today = clock.today();
    if (input.expiresOn < addDays(today, 1) || input.expiresOn > addDays(today, API_TOKEN_MAX_DAYS)) {
      const message = `Tanggal kedaluwarsa harus antara besok dan ${API_TOKEN_MAX_DAYS} hari lagi`;
      throw badRequest(message, { expiresOn: message });
    }
    const { token, tokenHash, prefix } = newToken();
    const id = await db.transaction(async (tx) => {
      const tokenId = await repo.insertToken(tx, {
        name: input.name,
        tokenHash,
        prefix,
        kind: 'manual',
        scopes: input.scopes,
        userId: account.id,
        unitId: input.unitId,
        expiresAt: endOfJakartaDay(input.expiresOn),
        createdBy: creatorId,
      });
      await audit(tx, actor, {
        action: 'apiToken.create',
        entityType: 'api_token',
        entityId: tokenId,
        after: { name: input.name, prefix, userId: account.id, scopes: input.scopes, unitId: input.unitId },
      });
      return tokenId;
    });
    return { token, item: toApiToken((await repo.findToken(db, id))!, clock.now()) };
  }

  async function list(q: ApiTokensQuery) {
    const now = clock.now();
    const { rows, total } = await repo.listTokens(db, q, now);
    return { items: rows.map((r) => toApiToken(r, now)), total, page: q.page, pageSize: q.pageSize };
  }

  async function revoke(id: number, actor: AuditActor) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const row = await repo.findToken(tx, id);
      if (!row) throw notFound('Token API');
      if (!(await repo.revoke(tx, id, now))) throw conflict('Token API ini sudah dicabut');
      await audit(tx, actor, {
        action: 'apiToken.revoke',
        entityType: 'api_token',
        entityId: id,
        before: { name: row.name, prefix: row.prefix, userId: row.userId },
      });
    });
    return toApiToken((await repo.findToken(db, id))!, clock.now());
  }

  /**
   * A short-lived token for the old client's sign-in, acting as the user with all of the user's
   * permissions and unit; issued inside the sign-in's transaction.
   */
  async function issueForLogin(tx: Executor, user: AuthUser) {
    const { token, tokenHash, prefix } = newToken();
    const expiresAt = new Date(clock.now().getTime() + LEGACY_LOGIN_TOKEN_HOURS * 3_600_000);
    await repo.insertToken(tx, {
      name: `legacy-login ${user.username}`,
      tokenHash,
      prefix,
      kind: 'login',
      scopes: permissionsOf(user.division),
      userId: user.id,
      unitId: null,
      expiresAt,
      createdBy: user.id,
    });
    return { token, expiresAt };
  }

  return { resolver, create, list, revoke, issueForLogin };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
