import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { CSRF_HEADER } from '@mms/shared';
import type { Session, TestContext } from './context.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A hand-built multipart/form-data POST (or PUT) with one file field (of the given type) and text fields. */
export function postFile(
  ctx: TestContext,
  session: Session,
  url: string,
  field: string,
  file: { name: string; data: Buffer; mime?: string },
  fields: Record<string, string> = {},
  method: 'POST' | 'PUT' = 'POST',
) {
  const boundary = `----mms${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.mime ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return ctx.app.inject({
    method,
    url,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: session.cookie,
      [CSRF_HEADER]: session.csrfToken,
    },
  });
}

/** An Excel file of one sheet: its header row, then the rows (what an import reads). */
export async function xlsxOf(sheetName: string, headers: string[], rows: (string | number | Date | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
