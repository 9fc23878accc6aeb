// `npm run create-admin`: creates (or re-activates with a new password) a real ADMIN account.
// Reads MMS_ADMIN_USERNAME, MMS_ADMIN_NAME, MMS_ADMIN_PASSWORD, or asks for what is missing.
import { createInterface } from 'node:readline/promises';
import { stdin, stdout } from 'node:process';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { openToolDatabase } from '../db/open.ts';
import { createAdmin } from '../modules/users/create-admin.ts';

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: stdin, output: stdout, terminal: stdin.isTTY });
  if (hidden && stdin.isTTY) {
    // Do not echo the password.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write.call(rl, s.startsWith(question) ? s : '');
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden && stdin.isTTY) stdout.write('\n');
  return answer.trim();
}

async function main() {
  const config = loadConfig();
  const username = process.env.MMS_ADMIN_USERNAME || (await ask('Nama pengguna admin: '));
  const displayName = process.env.MMS_ADMIN_NAME || (await ask('Nama lengkap: ')) || username;
  const password = process.env.MMS_ADMIN_PASSWORD || (await ask('Kata sandi (min. 8 karakter): ', true));

  const log = { info: () => undefined, warn: (m: string) => console.warn(m) };
  const database = await openToolDatabase(config, log);
  try {
    await runMigrations(database.url);
    const { db, pool } = createDatabase(database.url, 2);
    try {
      const result = await createAdmin(db, { username, displayName, password });
      console.log(`Admin "${result.username}" ${result.created ? 'dibuat' : 'diperbarui'} (id ${result.id}).`);
    } finally {
      await pool.end();
    }
  } finally {
    await database.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
