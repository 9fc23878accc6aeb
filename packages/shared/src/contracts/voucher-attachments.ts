import { z } from 'zod';

/** A scan, photo or PDF on a cash or bank voucher (issue 15); a posted voucher's attachments are never removed. */
export const VoucherAttachment = z.object({
  id: z.number().int(),
  voucherId: z.number().int(),
  fileName: z.string(),
  mime: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().int(),
  uploadedByName: z.string(),
  createdAt: z.string(),
});
export type VoucherAttachment = z.infer<typeof VoucherAttachment>;
export const VoucherAttachmentList = z.object({ items: z.array(VoucherAttachment) });
export type VoucherAttachmentList = z.infer<typeof VoucherAttachmentList>;
/** The largest attachment a voucher takes (the server's upload limit). */
export const VOUCHER_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
