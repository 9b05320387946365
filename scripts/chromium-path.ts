import { existsSync } from 'node:fs';

/** Places Debian, Ubuntu and common installs put a Chromium-family browser. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/**
 * The browser the browser tests drive: `CHROMIUM_PATH` when set, else the
 * first installed candidate, else null. Playwright's own download does not
 * work on our machines, so we always use a system browser.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Flags that let Chromium run headless as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
