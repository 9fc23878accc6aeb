import type { core } from 'zod';

/**
 * The texts of the issues a contract gives no message for (zod's global `customError`, installed by
 * `contracts/common.ts`): Indonesian message ids from the catalog, so `renderMessage` shows them in the
 * reader's language. Never zod's own "Invalid input: expected number, received NaN" nor a list of codes.
 */
const isEmpty = (input: unknown) =>
  input === undefined || input === null || input === '' || (typeof input === 'number' && Number.isNaN(input));

const TYPE_TEXT: Record<string, string> = {
  number: 'Harus berupa angka',
  int: 'Harus berupa angka bulat',
  bigint: 'Harus berupa angka bulat',
  string: 'Harus berupa teks',
  boolean: 'Harus ya atau tidak',
  date: 'Tanggal tidak valid',
  array: 'Harus berupa daftar',
};

export function zodMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // an empty number input gives NaN, an empty select null: the field was left empty
      if (isEmpty(issue.input)) return 'Wajib diisi';
      return TYPE_TEXT[issue.expected] ?? 'Tidak valid';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'Wajib diisi' : `Minimal ${min} karakter`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? 'Pilih minimal satu' : `Pilih minimal ${min}`;
      return issue.inclusive === false ? `Harus lebih dari ${min}` : `Minimal ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Maksimal ${max} karakter`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Paling banyak ${max} pilihan`;
      return issue.inclusive === false ? `Harus kurang dari ${max}` : `Maksimal ${max}`;
    }
    case 'invalid_value':
      return isEmpty(issue.input) ? 'Wajib dipilih' : 'Pilihan tidak valid';
    case 'invalid_format':
      if (issue.format === 'date') return 'Tanggal tidak valid';
      if (issue.format === 'email') return 'Email tidak valid';
      if (issue.format === 'url') return 'Alamat web tidak valid';
      return 'Format tidak valid';
    case 'not_multiple_of':
      return 'Angka tidak valid';
    case 'unrecognized_keys':
      return 'Ada isian yang tidak dikenal';
    default:
      return 'Tidak valid';
  }
}
