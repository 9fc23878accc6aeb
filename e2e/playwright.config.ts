import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18181);
// The config is read by the runner and by every worker; the first sets the data dir, the others inherit it.
process.env.MMS_E2E_DATA_DIR ??= path.join(os.tmpdir(), `mms-e2e-${process.pid}-${Date.now()}`);

const { DATABASE_URL: _ignored, ...env } = process.env;

/**
 * The browser suite: the real built server (API + web app) on a fresh embedded Postgres with
 * demo data, driven by Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : [['list']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // A trace is recorded on a test's retry (CI retries once), not on every run: recording every action's DOM
    // snapshot and screencast for tests that pass cost a quarter of the browser suite's time (47 journeys: 287 and
    // 283 s with retain-on-failure, 221 and 198 s without, alternated on one machine)
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.MMS_E2E_DATA_DIR,
      MMS_DEMO: 'true',
      // a journey may set its day with the x-mms-test-now header (support.ts onDay), the others keep this clock
      MMS_TEST_CLOCK: 'true',
      LOG_LEVEL: 'warn',
      // The suite signs in many times from one address.
      LOGIN_IP_LIMIT_PER_MINUTE: '10000',
    } as Record<string, string>,
  },
});
