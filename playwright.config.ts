import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
// @ts-expect-error plain ESM helper shared with the scripts
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs'

const port = Number(process.env.E2E_PORT || 4173)
const dataDir = path.join(os.tmpdir(), `e2e-data-${process.pid}`)

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous for a loaded 2-core machine; a passing test takes 3-15 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON || 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}/`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['Pixel 7'].userAgent,
    serviceWorkers: 'allow',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `node --import tsx server/main.ts`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // First start backfills 90 days of candles: ~20 s idle, over a minute on a loaded 2-core machine.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Not 'production': the accounts e2e reads codes from the development outbox (/api/dev/*).
      NODE_ENV: 'test',
      STATIC_DIR: process.env.E2E_STATIC_DIR || 'dist',
      DATABASE_URL: '',
      // Every browser test comes from 127.0.0.1: the per-address limit on login, slider and code
      // endpoints (20/min, tested in the API suites) would refuse the later registrations of a run.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
})
