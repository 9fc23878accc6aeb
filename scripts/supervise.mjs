#!/usr/bin/env node
// Runs the MMS server as a child process and starts it again when it dies unexpectedly (killed,
// out of memory, a bug, its embedded PostgreSQL lost), with a growing pause, until it dies too often.
// `npm start` uses it (scripts/start.mjs); `node scripts/supervise.mjs <command> [args...]` runs any
// command under it.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Exit codes after which the server is not started again: 78 is the server's ExitCode.config
 * (apps/server/src/lib/exit-codes.ts), a wrong setting or another MMS on the same DATA_DIR.
 */
export const FINAL_EXIT_CODES = [78];

const MAX_BACKOFF_MS = 30_000;

/** @param {number} ms */
const duration = (ms) => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`);

/**
 * @param {number} ms
 * @returns {string}
 */
const minutes = (ms) => (ms % 60_000 === 0 ? `${ms / 60_000}` : (ms / 60_000).toFixed(1));

/**
 * @typedef {object} SuperviseOptions
 * @property {string} command the program to run, e.g. process.execPath
 * @property {string[]} [args] its arguments
 * @property {NodeJS.ProcessEnv} [env] its environment (default: this process's)
 * @property {string} [cwd] its working directory
 * @property {(line: string) => void} [log] where the supervisor's own lines go (default: stderr)
 * @property {number} [backoffMs] the first pause before a restart, doubled for each further
 *   unexpected exit within the window, at most 30 s (default: env MMS_RESTART_BACKOFF_MS, else 1000)
 * @property {number} [maxRestarts] restarts allowed within the window before giving up (default 5)
 * @property {number} [windowMs] the window (default 5 minutes)
 */

/**
 * Runs `command` until it stops on request. SIGINT and SIGTERM are passed on to it; its exit code
 * is then returned. An exit with a signal or a non-zero code (other than FINAL_EXIT_CODES) is
 * unexpected: it is logged with the reason and the command is started again after a pause. After
 * `maxRestarts` restarts within `windowMs`, one more unexpected exit gives up with 1.
 * An exit with 0 or a FINAL_EXIT_CODES code is returned as it is.
 *
 * @param {SuperviseOptions} options
 * @returns {Promise<number>} the exit code this process should end with
 */
export function supervise({
  command,
  args = [],
  env = process.env,
  cwd,
  log = (line) => console.error(line),
  backoffMs,
  maxRestarts = 5,
  windowMs = 5 * 60_000,
}) {
  if (backoffMs === undefined) {
    const given = env.MMS_RESTART_BACKOFF_MS;
    backoffMs = given ? Number(given) : 1000;
    if (!Number.isInteger(backoffMs) || backoffMs < 0) {
      log(`Konfigurasi salah: MMS_RESTART_BACKOFF_MS=${JSON.stringify(given)} harus bilangan bulat ≥ 0 (milidetik)`);
      return Promise.resolve(FINAL_EXIT_CODES[0]);
    }
  }
  const base = backoffMs;

  return new Promise((resolve) => {
    /** @type {import('node:child_process').ChildProcess | undefined} */
    let child;
    /** @type {NodeJS.Timeout | undefined} */
    let pending;
    let stopping = false;
    /** @type {number[]} times of the unexpected exits within the window */
    let failures = [];

    /** @param {number} code */
    const finish = (code) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(code);
    };

    /** @param {NodeJS.Signals} signal */
    const onSignal = (signal) => {
      stopping = true;
      if (child) child.kill(signal);
      else {
        clearTimeout(pending);
        finish(0);
      }
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);

    const start = () => {
      pending = undefined;
      const c = spawn(command, args, { env, cwd, stdio: 'inherit' });
      child = c;
      c.on('error', (err) => {
        if (c.pid !== undefined) return; // a failed kill of a running child; its exit comes later
        // The command could not be started at all (not found, not executable): no use retrying.
        log(`MMS server could not be started: ${err.message}`);
        child = undefined;
        finish(1);
      });
      c.on('exit', (code, signal) => {
        if (child !== c) return;
        child = undefined;
        const status = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
        if (stopping || code === 0 || (code !== null && FINAL_EXIT_CODES.includes(code))) return finish(status);

        const now = Date.now();
        failures = [...failures.filter((t) => now - t < windowMs), now];
        const why = signal ? `signal ${signal}` : `exit code ${code}`;
        if (failures.length > maxRestarts) {
          log(
            `MMS berhenti: server mati ${failures.length} kali dalam ${minutes(windowMs)} menit (terakhir: ${why}); ` +
              `lihat log di atas. / MMS stopped: the server died ${failures.length} times within ` +
              `${minutes(windowMs)} minutes (last: ${why}); see the log above.`,
          );
          return finish(1);
        }
        const delay = Math.min(base * 2 ** (failures.length - 1), MAX_BACKOFF_MS);
        log(
          `MMS server stopped (${why}); restarting in ${duration(delay)} (restart ${failures.length} of ${maxRestarts})`,
        );
        pending = setTimeout(start, delay);
      });
    };
    start();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/supervise.mjs <command> [args...]');
    process.exit(2);
  }
  process.exitCode = await supervise({ command, args });
}
