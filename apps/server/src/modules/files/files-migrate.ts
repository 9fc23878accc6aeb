import type { StorageBackend } from '../../lib/storage.ts';

export interface MigrateReport {
  /** files written to the target */
  copied: number;
  /** files the target already had with the same size */
  skipped: number;
  /** files that could not be copied or whose size differs after the copy */
  failed: { kind: string; name: string; reason: string }[];
  bytes: number;
}

/**
 * Copies every file of `from` (the local disk) into `to` (the S3 bucket): streamed, one at a time,
 * skipping files the target already has with the same size (so a second run copies nothing) and
 * checking each copy's size afterwards. Nothing is deleted from `from`.
 */
export async function migrateFiles(
  from: StorageBackend,
  to: StorageBackend,
  progress: (line: string) => void = () => undefined,
): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  for await (const file of from.list()) {
    const where = `${file.kind}/${file.name}`;
    try {
      if ((await to.stat(file.kind, file.name)) === file.size) {
        report.skipped++;
        continue;
      }
      const stream = await from.open(file.kind, file.name);
      if (!stream) continue; // removed while migrating
      await to.put(file.kind, file.name, stream, file.size);
      const size = await to.stat(file.kind, file.name);
      if (size !== file.size) {
        report.failed.push({ ...file, reason: `size after copy ${String(size)}, expected ${file.size}` });
        progress(`GAGAL ${where}: size differs`);
        continue;
      }
      report.copied++;
      report.bytes += file.size;
      progress(`disalin ${where} (${file.size} bita)`);
    } catch (err) {
      report.failed.push({
        kind: file.kind,
        name: file.name,
        reason: err instanceof Error ? err.message : String(err),
      });
      progress(`GAGAL ${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return report;
}
