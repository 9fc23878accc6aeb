// `npm run seed -- --students 5000`: the demo school (on an installation without users), then
// generated students with enrollments until the given number of students exists.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { setClock } from '../lib/clock.ts';
import { createDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { openToolDatabase } from '../db/open.ts';
import { addStudentsUntil } from '../seed/bulk-students.ts';
import { seedDemoIfFirstStart } from '../seed/demo.ts';

async function main() {
  const { values } = parseArgs({ options: { students: { type: 'string' } } });
  const target = values.students === undefined ? 0 : Number(values.students);
  if (!Number.isInteger(target) || target < 0) throw new Error('--students harus bilangan bulat >= 0');

  const config = loadConfig();
  if (config.MMS_NOW) setClock(config.MMS_NOW);
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
  const database = await openToolDatabase(config, log);
  try {
    await runMigrations(database.url);
    const { db, pool } = createDatabase(database.url, 2);
    try {
      const started = performance.now();
      if (await seedDemoIfFirstStart(db)) {
        console.log(`Data demo dibuat (${Math.round(performance.now() - started)} ms).`);
      } else {
        console.log('Data demo sudah ada atau instalasi sudah dipakai; dilewati.');
      }
      if (target > 0) {
        const t = performance.now();
        const { added, total } = await addStudentsUntil(db, target);
        console.log(`${added} siswa ditambahkan; total ${total} siswa (${Math.round(performance.now() - t)} ms).`);
      }
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
