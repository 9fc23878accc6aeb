import { and, eq, isNull } from 'drizzle-orm';
import {
  effectivePermissions,
  isSystemPermission,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Division,
  type Permission,
  type PermissionChange,
  type PermissionOverride,
  type PermissionOverrideInput,
  type PermissionTable,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { permissionOverrides } from '../../db/schema/index.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { accountName } from '../auth/auth.service.ts';

/** How long a server trusts its copy of the overrides when another server may have changed them. */
const CACHE_MS = 2000;

/**
 * The permission table as the ADMIN changes it (issue 39): the code's table plus the override rows. The access hook
 * asks `resolve` once per request (the caller's division and unit); the rows are kept in memory, read again after a
 * change made here at once, and after CACHE_MS for a change made on another server.
 */
export function createPermissionsService(db: Database) {
  let cached: { at: number; rows: PermissionChange[] } | null = null;
  let loading: Promise<PermissionChange[]> | null = null;

  async function changes(): Promise<PermissionChange[]> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.rows;
    loading ??= db
      .select({
        division: permissionOverrides.division,
        unitId: permissionOverrides.unitId,
        permission: permissionOverrides.permission,
        granted: permissionOverrides.granted,
      })
      .from(permissionOverrides)
      .then((rows) => {
        cached = { at: Date.now(), rows };
        return rows;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }
  const invalidate = () => {
    cached = null;
  };

  // the effective set of a division and unit, built once per copy of the rows (every request asks: the exam's too)
  const sets = new WeakMap<PermissionChange[], Map<string, ReadonlySet<Permission>>>();
  const resolve = async (division: Division, unitId: number | null): Promise<ReadonlySet<Permission>> => {
    const rows = await changes();
    let byKey = sets.get(rows);
    if (!byKey) sets.set(rows, (byKey = new Map()));
    const key = `${division}/${unitId ?? ''}`;
    let set = byKey.get(key);
    if (!set) byKey.set(key, (set = effectivePermissions(division, unitId, rows)));
    return set;
  };

  async function listOverrides(): Promise<PermissionOverride[]> {
    const rows = await db
      .select({
        id: permissionOverrides.id,
        division: permissionOverrides.division,
        unitId: permissionOverrides.unitId,
        permission: permissionOverrides.permission,
        granted: permissionOverrides.granted,
        createdAt: permissionOverrides.createdAt,
        createdBy: permissionOverrides.createdBy,
      })
      .from(permissionOverrides)
      .orderBy(permissionOverrides.division, permissionOverrides.permission, permissionOverrides.id);
    // who made each change: the accounts are the auth module's (its read of one account)
    const names = new Map<number, string>();
    for (const id of new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])))) {
      const name = await accountName(db, id);
      if (name) names.set(id, name);
    }
    return rows.map((r) => ({
      ...r,
      permission: r.permission as Permission,
      createdAt: r.createdAt.toISOString(),
      createdByName: r.createdBy === null ? null : (names.get(r.createdBy) ?? null),
    }));
  }

  async function table(): Promise<PermissionTable> {
    return {
      permissions: PERMISSION_NAMES.map((name) => ({
        name,
        divisions: [...(PERMISSIONS[name] as readonly Division[])],
        system: isSystemPermission(name),
      })),
      overrides: await listOverrides(),
    };
  }

  /**
   * Grants or withdraws a permission (one row per division, unit and permission: a second change replaces the
   * first; one that only repeats the code's table removes the row). The limits: no system right, for anyone.
   */
  async function set(input: PermissionOverrideInput, byUserId: number, actor: AuditActor): Promise<PermissionTable> {
    if (isSystemPermission(input.permission)) {
      const message =
        input.division === 'ADMIN' && !input.granted
          ? 'Hak sistem ADMIN tidak dapat dicabut'
          : input.division !== 'ADMIN' && input.granted
            ? 'Hak sistem ADMIN tidak dapat diberikan kepada divisi lain'
            : 'Hak sistem ADMIN tidak dapat diubah';
      throw badRequest(message, { permission: message });
    }
    const key = and(
      eq(permissionOverrides.division, input.division),
      input.unitId === null ? isNull(permissionOverrides.unitId) : eq(permissionOverrides.unitId, input.unitId),
      eq(permissionOverrides.permission, input.permission),
    );
    await db
      .transaction(async (tx) => {
        const [before] = await tx.select().from(permissionOverrides).where(key).for('update');
        // the code's own answer, for the whole division: no row needed
        const inCode = (PERMISSIONS[input.permission] as readonly Division[]).includes(input.division);
        const same = input.unitId === null && inCode === input.granted;
        await audited(
          tx,
          actor,
          {
            action: 'permission.override.set',
            entityType: 'permission_override',
            entityId: `${input.division}/${input.unitId ?? '*'}/${input.permission}`,
            before: before ?? null,
            after: { ...input },
          },
          async () => {
            if (before) await tx.delete(permissionOverrides).where(eq(permissionOverrides.id, before.id));
            if (!same) await tx.insert(permissionOverrides).values({ ...input, createdBy: byUserId });
          },
        );
      })
      .catch((err: unknown) => {
        // the unit's key: a unit that does not exist (the units table is the school module's, its key checks it)
        const code = ((err as { cause?: { code?: string } }).cause ?? (err as { code?: string }))?.code;
        if (code === '23503') throw badRequest('Unit tidak ditemukan', { unitId: 'Unit tidak ditemukan' });
        throw err;
      });
    invalidate();
    return table();
  }

  /** Withdraws an override: the division is back to the code's table for that permission (and unit). */
  async function remove(id: number, actor: AuditActor): Promise<PermissionTable> {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(permissionOverrides).where(eq(permissionOverrides.id, id)).for('update');
      if (!before) throw notFound();
      await audited(
        tx,
        actor,
        {
          action: 'permission.override.remove',
          entityType: 'permission_override',
          entityId: id,
          before,
          after: null,
        },
        () => tx.delete(permissionOverrides).where(eq(permissionOverrides.id, id)),
      );
    });
    invalidate();
    return table();
  }

  return { resolve, table, set, remove };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
