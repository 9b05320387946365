import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';

/**
 * The product for a benchmark: the running one at `baseUrl`, or a fresh
 * `scripts/start.ts` on spare ports with an in-memory database, stopped
 * afterwards. `env` adds to the started product's environment (e.g.
 * `DEV_OUTBOX`); `sitesDir` is where it built its sites (unset for `baseUrl`).
 */
export async function startProductForBench(
  baseUrl?: string,
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; sitesDir?: string; stop(): Promise<void> }> {
  if (baseUrl) return { baseUrl: baseUrl.replace(/\/$/, ''), stop: async () => {} };
  const port = 4600 + Math.floor(Math.random() * 300);
  const sitesDir = `dist/bench-sites-${port}`;
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      REALTIME_PORT: String(port + 1000),
      DATABASE_URL: 'memory://',
      SITES_DIR: sitesDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`scripts/start.ts exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/geoip`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl: url,
    sitesDir,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => void rm(sitesDir, { recursive: true, force: true }).then(() => resolve()));
        child.kill('SIGTERM');
      }),
  };
}
