import { inflateRawSync } from 'node:zlib';
import { AppError, badRequest } from './errors.ts';

/** What an uploaded zip (an .xlsx is one) may unpack to, at the most. */
export interface ZipLimits {
  /** entries in the archive */
  maxEntries: number;
  /** bytes of all entries together, unpacked */
  maxTotalBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const notZip = () => badRequest('Berkas bukan Excel (.xlsx) yang valid', { file: 'Unggah berkas .xlsx dari template' });
const tooBig = (limits: ZipLimits) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `Isi berkas terlalu besar setelah dibuka (maksimal ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB data); bagi menjadi beberapa berkas`,
    { file: 'Isi terlalu besar' },
  );

/**
 * Unpacks every entry of a zip with a hard cap on what it may produce, before any library parses it:
 * a decompression bomb (a small file that unpacks to hundreds of megabytes) is refused after at most
 * `maxTotalBytes` of work, whatever sizes the archive claims. Only stored and deflated entries (what
 * spreadsheet programs write) are accepted; ZIP64 and encrypted archives are refused.
 */
export function assertSafeZip(file: Buffer, limits: ZipLimits): void {
  const start = Math.max(0, file.length - 65_557);
  let eocd = -1;
  for (let i = file.length - 22; i >= start; i--) {
    if (file.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notZip();
  const entries = file.readUInt16LE(eocd + 10);
  let offset = file.readUInt32LE(eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff) throw notZip();
  if (entries > limits.maxEntries) throw tooBig(limits);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > file.length || file.readUInt32LE(offset) !== CENTRAL) throw notZip();
    const flags = file.readUInt16LE(offset + 8);
    const method = file.readUInt16LE(offset + 10);
    const compressed = file.readUInt32LE(offset + 20);
    const nameLength = file.readUInt16LE(offset + 28);
    const next = offset + 46 + nameLength + file.readUInt16LE(offset + 30) + file.readUInt16LE(offset + 32);
    const local = file.readUInt32LE(offset + 42);
    if (flags & 0x1 || local + 30 > file.length || file.readUInt32LE(local) !== LOCAL) throw notZip();
    const dataStart = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    if (dataStart + compressed > file.length) throw notZip();
    const data = file.subarray(dataStart, dataStart + compressed);
    const room = limits.maxTotalBytes - total;
    if (method === 0) total += data.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, room + 1) }).length;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig(limits);
        throw notZip();
      }
    } else throw notZip();
    if (total > limits.maxTotalBytes) throw tooBig(limits);
    offset = next;
  }
}
