// `npm run backup [-- --out FILE]`: one .tar.gz archive of the database and the uploaded files (see docs/operations.md).
// Works while MMS runs: it attaches to the running server's embedded database, or starts it when MMS is stopped.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, ConfigError } from '../config.ts';
import { openToolDatabase } from '../db/open.ts';
import { ExitCode } from '../lib/exit-codes.ts';
import { backupFileName, createBackup } from '../backup/backup.ts';
import { uploadStoreOf } from '../backup/files.ts';
import { backupDir } from '../backup/scheduled.ts';

const USAGE = 'Pemakaian: npm run backup [-- --out BERKAS.tar.gz]';

function parseArgs(args: string[]): { out?: string } {
  const result: { out?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--out' && args[i + 1]) result.out = args[++i];
    else if (arg.startsWith('--out=') && arg.length > 6) result.out = arg.slice(6);
    else {
      console.error(arg === '--help' || arg === '-h' ? USAGE : `Argumen tidak dikenal: ${arg}\n${USAGE}`);
      process.exit(arg === '--help' || arg === '-h' ? 0 : ExitCode.usage);
    }
  }
  return result;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(err instanceof ConfigError ? ExitCode.config : 1);
  }
  // `npm run` works in the repository root; a relative --out is meant from where the command was typed.
  const out = args.out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args.out)
    : path.join(backupDir(config), backupFileName());
  if (!config.DATABASE_URL && !existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    console.error(`Tidak ada basis data MMS di ${config.dataDir}: periksa DATA_DIR (atau DATABASE_URL)`);
    process.exit(ExitCode.config);
  }
  const log = { info: () => undefined, warn: (m: string) => console.warn(m) };
  const database = await openToolDatabase(config, log);
  try {
    const started = Date.now();
    const manifest = await createBackup({ databaseUrl: database.url, files: uploadStoreOf(config), out });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Cadangan selesai: ${out}\n` +
        `  ${manifest.tables.length} tabel, ${rows} baris, ${manifest.files.length} berkas unggahan, ` +
        `migrasi ${manifest.migration.tag}, ${((Date.now() - started) / 1000).toFixed(1)} detik`,
    );
  } finally {
    await database.stop();
  }
}

main().catch((err: unknown) => {
  console.error(`Cadangan gagal: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
