// `npm run files:migrate`: copies the uploaded files under DATA_DIR/uploads into the S3 bucket of the
// S3_* settings (docs/files.md). Idempotent: files already there with the same size are skipped; every
// copy's size is checked. Exit code 1 when a file failed, 2 when S3 is not configured.
import { ConfigError, loadConfig } from '../config.ts';
import { localBackend, s3Backend, s3SettingsOf } from '../lib/storage.ts';
import { migrateFiles } from '../modules/files/files-migrate.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const s3 = s3SettingsOf(config);
  if (!s3) {
    console.error('S3 belum diatur: isi S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (dan S3_ENDPOINT) dahulu.');
    process.exit(2);
  }
  const verbose = process.argv.includes('--verbose');
  console.log(
    `Menyalin berkas dari ${config.dataDir}/uploads ke bucket ${s3.bucket}${s3.endpoint ? ` (${s3.endpoint})` : ''}...`,
  );
  const report = await migrateFiles(localBackend(config.dataDir), s3Backend(s3), (line) => {
    if (verbose || line.startsWith('GAGAL')) console.log(line);
  });
  console.log(
    `Selesai: ${report.copied} disalin (${report.bytes} bita), ${report.skipped} sudah ada, ${report.failed.length} gagal.`,
  );
  for (const f of report.failed) console.error(`  ${f.kind}/${f.name}: ${f.reason}`);
  process.exit(report.failed.length ? 1 : 0);
}

void main();
