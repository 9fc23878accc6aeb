import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/server/dist/main.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * A server of the exam journey's own (the built server on its own embedded PostgreSQL and demo data), so the
 * journey can restart it in the middle of an attempt without disturbing the suite's shared server. Saves count
 * for 5 s after a deadline (`EXAM_GRACE_SECONDS`) so a deadline can pass within the test.
 */
export class ExamServer {
  /** `env`: more of the server's settings (e.g. MMS_NOW, a journey's own fixed day) */
  private readonly env: Record<string, string>;
  constructor(env: Record<string, string> = {}) {
    this.env = env;
  }
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'mms-e2e-exam-'));
  port = 0;
  private child: ChildProcess | undefined;

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    // as root, the embedded PostgreSQL runs as another user, who must reach its directory inside
    chmodSync(this.dataDir, 0o755);
    const { DATABASE_URL: _ignored, ...env } = process.env;
    this.child = spawn(process.execPath, [MAIN], {
      env: {
        ...env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        MMS_DEMO: 'true',
        LOG_LEVEL: 'warn',
        LOGIN_IP_LIMIT_PER_MINUTE: '10000',
        EXAM_GRACE_SECONDS: '5',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const ok = await fetch(`${this.url}/api/v1/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      if (this.child.exitCode !== null) throw new Error(`the exam server exited with ${this.child.exitCode}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the exam server did not start within 120 s');
  }

  /** Stops the server as an operator's restart does (SIGTERM: it stops its PostgreSQL too), then starts it again. */
  async restart(): Promise<void> {
    await this.stopProcess();
    await this.start();
  }

  private async stopProcess() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.stopProcess();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
