import fs from 'node:fs/promises';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Removes the suite's data dir once its Postgres has stopped (a busy machine can take seconds to stop it). */
export default async function teardown() {
  const dir = process.env.MMS_E2E_DATA_DIR;
  if (!dir) return;
  const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
  const pid = Number.parseInt((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // stopped meanwhile
    }
    // until it has exited (its last WAL written), at most 30 s
    for (let waited = 0; waited < 30_000 && alive(pid); waited += 100) await new Promise((r) => setTimeout(r, 100));
  }
  await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
