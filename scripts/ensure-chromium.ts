/**
 * Makes sure the browser tests have a Chromium: finds one, or installs
 * Debian's package when we are root on a Debian-like machine, or stops with
 * one line saying exactly what to install.
 */
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium-path.ts';

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function installChromium(): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log('Chromium not found: installing Debian package "chromium" with apt-get…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}

let path = findChromium();
if (!path && !process.env.CHROMIUM_PATH && canInstallWithApt()) {
  installChromium();
  path = findChromium();
}
if (!path) {
  console.error(
    process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: point it at a Chromium or Chrome binary.`
      : 'Browser tests need Chromium: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium/Chrome binary).',
  );
  process.exit(1);
}
console.log(`Browser tests use ${path}`);
