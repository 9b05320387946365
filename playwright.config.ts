import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path.ts';
import { STAND_IN_ORIGIN, STAND_IN_PORT, STAND_IN_PRODUCT_ENV } from './tests/e2e/stand-ins/constants.ts';

/**
 * Browser tests run against the real product: `scripts/start.ts` on its own
 * ports, an in-memory database seeded with the demo tenants, and sites built
 * fresh into their own folder for this run.
 */
const port = Number(process.env.E2E_PORT ?? 4391);
const realtimePort = Number(process.env.E2E_REALTIME_PORT ?? 6091);
export const E2E_SITES_DIR = `dist/e2e-sites-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS },
    trace: 'off',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  },
  webServer: [
    {
      // Local stand-ins for Turnstile and Google sign-in: listed first so they are up before the product.
      command: 'node tests/e2e/stand-ins/server.ts',
      url: `${STAND_IN_ORIGIN}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_STAND_IN_PORT: String(STAND_IN_PORT) },
    },
    {
      command: `rm -rf ${E2E_SITES_DIR} && node scripts/start.ts`,
      url: `http://localhost:${port}/api/geoip`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        REALTIME_PORT: String(realtimePort),
        DATABASE_URL: 'memory://',
        SITES_DIR: E2E_SITES_DIR,
        LOG_LEVEL: 'warn',
        // Codes sent by SMS/e-mail are read by the tests through the development outbox.
        DEV_OUTBOX: 'true',
        // The push test's stand-in push service listens on http://127.0.0.1.
        PUSH_ALLOW_LOOPBACK_HTTP: 'true',
        // Every browser test comes from 127.0.0.1: scale the per-IP limits so they do not trip.
        IP_RATE_LIMIT_SCALE: '100',
        // A time alert "minute" lasts one second, so the responsible-gaming test sees its 15-minute alert in 15 s.
        REALITY_CHECK_MINUTE_SECONDS: '1',
        // Captcha checks and Google ID tokens go to the local stand-ins (tests/e2e/stand-ins).
        ...STAND_IN_PRODUCT_ENV,
      },
    },
  ],
});
