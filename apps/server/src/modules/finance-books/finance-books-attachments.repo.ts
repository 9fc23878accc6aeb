import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, voucherAttachments } from '../../db/schema/index.ts';

const columns = {
  id: voucherAttachments.id,
  voucherId: voucherAttachments.voucherId,
  fileName: voucherAttachments.fileName,
  mime: voucherAttachments.mime,
  size: voucherAttachments.size,
  storedName: voucherAttachments.storedName,
  uploadedByName: users.displayName,
  createdAt: voucherAttachments.createdAt,
};

const select = (db: Executor) =>
  db.select(columns).from(voucherAttachments).innerJoin(users, eq(users.id, voucherAttachments.uploadedBy));

export const listAttachments = (db: Executor, voucherId: number) =>
  select(db).where(eq(voucherAttachments.voucherId, voucherId)).orderBy(asc(voucherAttachments.id));

export async function findAttachment(db: Executor, id: number) {
  const [row] = await select(db).where(eq(voucherAttachments.id, id));
  return row;
}

export async function insertAttachment(db: Executor, values: typeof voucherAttachments.$inferInsert) {
  const [row] = await db.insert(voucherAttachments).values(values).returning({ id: voucherAttachments.id });
  return row!.id;
}

export async function deleteAttachment(db: Executor, id: number) {
  await db.delete(voucherAttachments).where(eq(voucherAttachments.id, id));
}
