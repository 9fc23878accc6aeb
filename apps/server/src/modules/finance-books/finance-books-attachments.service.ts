import type { AuthUser, VoucherAttachment } from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { assertUnit } from '../../lib/scope.ts';
import { assertSupported, fileStore, normalise } from '../../lib/uploads.ts';
import * as files from './finance-books-attachments.repo.ts';
import * as repo from './finance-books.repo.ts';

/** The uploader's file name without a path, control characters or quotes; at most 100 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c !== '"' && c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(-100);
  return clean || 'lampiran';
}

type Row = Awaited<ReturnType<typeof files.listAttachments>>[number];
const toAttachment = ({ storedName: _stored, ...r }: Row): VoucherAttachment => ({
  ...r,
  mime: r.mime as VoucherAttachment['mime'],
  createdAt: new Date(r.createdAt).toISOString(),
});

/** Attachments of cash and bank vouchers: sniffed, images re-encoded, stored under uploads/vouchers/. */
export function createVoucherAttachmentsService(db: Database, dataDir: string) {
  const store = fileStore(dataDir, 'vouchers');

  async function voucherOf(exec: Executor, user: AuthUser, id: number) {
    const v = await repo.findVoucher(exec, id);
    if (!v) throw notFound('Bukti');
    assertUnit(user, v.unitId);
    return v;
  }

  async function list(user: AuthUser, voucherId: number) {
    await voucherOf(db, user, voucherId);
    return { items: (await files.listAttachments(db, voucherId)).map(toAttachment) };
  }

  /** Adds a file to a draft or posted voucher of the caller's unit. */
  async function upload(
    user: AuthUser,
    voucherId: number,
    file: { data: Buffer; fileName?: string },
    actor: AuditActor,
  ) {
    await voucherOf(db, user, voucherId);
    const mime = assertSupported(file.data);
    const data = await normalise(file.data, mime);
    const storedName = await store.save(data, { uploadedBy: user.id, purpose: 'voucher-attachment' });
    try {
      const id = await db.transaction(async (tx) => {
        await voucherOf(tx, user, voucherId);
        const values = {
          voucherId,
          fileName: cleanFileName(file.fileName),
          mime,
          size: data.length,
          storedName,
          uploadedBy: user.id,
        };
        const change = {
          action: 'voucher.attachment.add',
          entityType: 'voucher',
          entityId: voucherId,
          after: (id: number) => ({ attachmentId: id, fileName: values.fileName, mime, size: values.size }),
        };
        return audited(tx, actor, change, () => files.insertAttachment(tx, values));
      });
      return toAttachment((await files.findAttachment(db, id))!);
    } catch (err) {
      await store.remove(storedName);
      throw err;
    }
  }

  async function attachmentOf(user: AuthUser, id: number) {
    const row = await files.findAttachment(db, id);
    if (!row) throw notFound('Lampiran');
    await voucherOf(db, user, row.voucherId);
    return row;
  }

  async function read(user: AuthUser, id: number) {
    const row = await attachmentOf(user, id);
    return { row, data: await store.read(row.storedName) };
  }

  /** Removes a draft's attachment; a posted voucher never loses one (409). */
  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    const row = await attachmentOf(user, id);
    await db.transaction(async (tx) => {
      const v = await repo.lockVoucher(tx, row.voucherId);
      if (!v) throw notFound('Bukti');
      assertUnit(user, v.unitId);
      if (v.state !== 'DRAFT') throw conflict('Lampiran bukti yang sudah diposting tidak dapat dihapus');
      await audited(
        tx,
        actor,
        {
          action: 'voucher.attachment.delete',
          entityType: 'voucher',
          entityId: row.voucherId,
          before: { attachmentId: id, fileName: row.fileName, mime: row.mime, size: row.size },
          after: null,
        },
        () => files.deleteAttachment(tx, id),
      );
    });
    await store.remove(row.storedName);
    return { ok: true as const };
  }

  return { list, upload, read, remove };
}
