import fs from 'node:fs/promises';
import path from 'node:path';

/** Removes the suite's data dir once the server has stopped its Postgres. */
export default async function teardown() {
  const dir = process.env.MMS_E2E_DATA_DIR;
  if (!dir) return;
  const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
  const pid = Number.parseInt((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
      await new Promise((r) => setTimeout(r, 1500));
    } catch {
      // already stopped
    }
  }
  await fs.rm(dir, { recursive: true, force: true });
}
