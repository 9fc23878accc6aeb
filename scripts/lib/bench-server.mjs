// The benchmarks' server (bench-api.mjs, bench-rapor.mjs): builds the shared package and the server, starts the
// built server on a free loopback port with a fresh data directory (embedded PostgreSQL, the demo data), and gives
// a keep-alive `request`, `waitHealthy` and `stop` (which also removes the data directory).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A free TCP port on loopback. */
export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Builds @mms/shared and @mms/server; exits the process when a build fails. */
export function buildServer() {
  for (const ws of ['@mms/shared', '@mms/server']) {
    if (spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
}

/**
 * Builds and starts the server. `prefix` names the temporary data directory, `maxSockets` bounds the client's
 * keep-alive agent, `healthTries` how many times (every 200 ms) `waitHealthy` asks before it gives up.
 * `request` resolves { status, headers, body } with the body as a Buffer; `env` is the server's environment (for a
 * seeding CLI run against the same database).
 */
export async function startBenchServer({ prefix = 'mms-bench-', maxSockets = 50, healthTries = 300 } = {}) {
  buildServer();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  spawnSync('chmod', ['755', dataDir]);
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
  const env = {
    ...baseEnv,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MMS_DEMO: 'true',
    LOGIN_IP_LIMIT_PER_MINUTE: '100000',
  };
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const agent = new http.Agent({ keepAlive: true, maxSockets });
  function request(method, url, { headers = {}, body } = {}) {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          agent,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  async function waitHealthy() {
    for (let i = 0; i < healthTries; i++) {
      const ok = await request('GET', '/api/v1/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not start');
  }

  return { server, port, dataDir, env, request, waitHealthy, stop };
}
