// `npm run restore FILE`: restores an archive of `npm run backup` into an EMPTY data directory or database
// (see docs/operations.md). Refusals exit with the codes of lib/exit-codes.ts and change nothing.
import { statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, ConfigError } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { serverRunning } from '../db/open.ts';
import { ExitCode } from '../lib/exit-codes.ts';
import { uploadStoreOf } from '../backup/files.ts';
import { inspectArchive, restoreBackup, RestoreRefused } from '../backup/restore.ts';

const USAGE = 'Pemakaian: npm run restore BERKAS.tar.gz';

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    process.exit(args[0] === '--help' || args[0] === '-h' ? 0 : ExitCode.usage);
  }
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  if (!statSync(archive, { throwIfNoEntry: false })?.isFile()) {
    throw new RestoreRefused(`Arsip tidak ditemukan: ${archive}`, ExitCode.usage);
  }
  const config = loadConfig();
  // Checked whole before anything is created in DATA_DIR.
  const inspected = await inspectArchive(archive);
  let databaseUrl = config.DATABASE_URL;
  let stop = async () => undefined as void;
  if (!databaseUrl) {
    if (await serverRunning(config)) {
      throw new RestoreRefused(
        `Pemulihan ditolak: MMS sedang berjalan dengan DATA_DIR ${config.dataDir}; hentikan dulu, ` +
          'lalu pulihkan ke DATA_DIR yang kosong',
        ExitCode.restoreTargetNotEmpty,
      );
    }
    const pg = await startEmbeddedPostgres(config.dataDir, {
      info: (m) => console.log(m),
      warn: (m) => console.warn(m),
    });
    databaseUrl = pg.url;
    stop = pg.stop;
  }
  try {
    const started = Date.now();
    const result = await restoreBackup({
      databaseUrl,
      files: uploadStoreOf(config),
      archive,
      inspected,
    });
    console.log(
      `Pemulihan selesai dari ${archive}\n` +
        `  cadangan MMS ${result.manifest.version} tanggal ${result.manifest.createdAt}, migrasi ${result.manifest.migration.tag}\n` +
        `  ${result.tables} tabel, ${result.rows} baris, ${result.files} berkas; jumlah dan sha256 cocok ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} detik)\n` +
        '  Jalankan npm start: migrasi yang lebih baru diterapkan saat mulai.',
    );
  } finally {
    await stop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof RestoreRefused) {
    console.error(err.message);
    process.exit(err.exitCode);
  }
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(ExitCode.config);
  }
  console.error(`Pemulihan gagal: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
