import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../test/zip.ts';
import { AppError } from './errors.ts';
import { assertSafeZip } from './zip-guard.ts';

const limits = { maxEntries: 50, maxTotalBytes: 4 * 1024 * 1024 };
const refusal = (file: Buffer) => {
  try {
    assertSafeZip(file, limits);
  } catch (err) {
    return err instanceof AppError ? { code: err.code, status: err.statusCode } : { thrown: String(err) };
  }
  return null;
};

describe('zip guard', () => {
  it('lets a real workbook through', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Siswa').addRows([['NIS', 'Nama'], ...Array.from({ length: 500 }, (_, i) => [`N${i}`, 'Siswa'])]);
    expect(refusal(Buffer.from(await book.xlsx.writeBuffer()))).toBeNull();
  });

  it('refuses a bomb: a small file that unpacks past the limit, even when it claims a small size', () => {
    const huge = Buffer.alloc(64 * 1024 * 1024, 0x20);
    const honest = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: huge }]);
    expect(honest.length).toBeLessThan(200 * 1024);
    expect(refusal(honest)).toEqual({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: huge, claimedSize: 1000 }]);
    expect(refusal(lying)).toEqual({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    // Many entries each under the limit add up past it.
    const spread = zipOf(Array.from({ length: 5 }, (_, i) => ({ name: `x${i}.xml`, data: Buffer.alloc(1024 * 1024) })));
    expect(refusal(spread)).toEqual({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });

  it('refuses too many entries, and what is not a zip, with a 4xx', () => {
    const many = zipOf(Array.from({ length: 51 }, (_, i) => ({ name: `e${i}`, data: Buffer.from('x') })));
    expect(refusal(many)).toEqual({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(refusal(Buffer.from('bukan zip sama sekali'))).toEqual({ code: 'VALIDATION_FAILED', status: 400 });
    const cut = zipOf([{ name: 'a.xml', data: Buffer.alloc(10_000, 1) }]);
    const broken = Buffer.concat([cut.subarray(0, 40), Buffer.alloc(100), cut.subarray(cut.length - 80)]);
    expect(refusal(broken)?.status).toBe(400);
  });
});
