import { eq } from 'drizzle-orm';
import { NewPassword, USERNAME_PATTERN, Username } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { endSessionsOf } from '../auth/auth.service.ts';
import { sqlNow } from '../../lib/sql.ts';

/** Creates an ADMIN account, or gives an existing one the ADMIN division, a new password and fresh sessions. */
export async function createAdmin(db: Database, input: { username: string; displayName: string; password: string }) {
  const username = Username.parse(input.username).toLowerCase();
  if (!USERNAME_PATTERN.test(username)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Nama pengguna hanya boleh huruf, angka, titik, garis bawah dan tanda hubung',
    );
  }
  const checked = NewPassword.safeParse(input.password);
  if (!checked.success) throw new AppError('VALIDATION_FAILED', checked.error.issues[0]!.message);
  const problem = passwordProblem(input.password, username);
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
  const passwordHash = await hashPassword(input.password);
  const actor = { userId: null, username: 'create-admin', ip: null, requestId: null };

  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.username, username));
    if (existing) {
      await tx
        .update(users)
        .set({
          division: 'ADMIN',
          passwordHash,
          isActive: true,
          displayName: input.displayName,
          passwordChangedAt: sqlNow(),
          updatedAt: sqlNow(),
        })
        .where(eq(users.id, existing.id));
      await endSessionsOf(tx, existing.id);
      await audit(tx, actor, {
        action: 'users.admin.update',
        entityType: 'user',
        entityId: existing.id,
        before: { division: existing.division, isActive: existing.isActive },
        after: { division: 'ADMIN', isActive: true },
      });
      return { id: existing.id, username, created: false };
    }
    const [created] = await tx
      .insert(users)
      .values({ username, displayName: input.displayName, passwordHash, division: 'ADMIN' })
      .returning({ id: users.id });
    await audit(tx, actor, {
      action: 'users.admin.create',
      entityType: 'user',
      entityId: created!.id,
      after: { username, division: 'ADMIN' },
    });
    return { id: created!.id, username, created: true };
  });
}
