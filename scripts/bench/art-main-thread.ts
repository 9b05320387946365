/**
 * `node scripts/bench/art-main-thread.ts`: what drawing the art at build time
 * (server/sites/images, issue 14) saves the main thread of a phone. Each page
 * loads at 4× CPU slowdown (CDP `Emulation.setCPUThrottlingRate`) on a
 * 390 × 844 screen at 1.75 device pixels, twice a round, in turn:
 *
 *   raster  as built: the pages' AVIF copies;
 *   svg     the same pages with every drawn copy answered by its original
 *           SVG (what the pages loaded before), same requests, same layout.
 *
 * Per page and mode it prints the median of `BENCH_ART_RUNS` rounds (default
 * 5) of the main thread's busy time (`TaskDuration` of CDP Performance
 * metrics, from navigation to 2 s after the network is idle) and of the
 * blocking time of its long tasks (the part of each task over 50 ms, as
 * Lighthouse's TBT adds them, here measured rather than simulated). Both
 * modes run on the same product in the same minutes, so the machine's load
 * touches them alike; `uptime` is printed alongside.
 *
 *   BASE_URL=http://localhost:4321 SITES_DIR=dist/sites node scripts/bench/art-main-thread.ts   against a running product
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../chromium-path.ts';
import { startProductForBench } from './product.ts';

const RUNS = Number(process.env.BENCH_ART_RUNS ?? 5);
const PAGES = [
  { host: 'sorte.localhost', path: '/', label: 'sorte.localhost home' },
  { host: 'localhost', path: '/', label: 'localhost home' },
  { host: 'localhost', path: '/casino/games', label: 'lobby' },
  { host: 'localhost', path: '/casino/aurora-gaming/tigre-dourado', label: 'game page' },
];
type Mode = 'raster' | 'svg';

/** `/_img/cover/demo/x/a.svg.400.avif` → `/demo/x/a.svg`. */
const originalOf = (path: string): string | null => /^\/_img\/[a-z-]+(\/.+)\.h?\d+\.(?:avif|webp)$/.exec(path)?.[1] ?? null;

async function measure(page: Page, url: string, mode: Mode, sitesDir: string): Promise<{ busy: number; blocking: number; art: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let art = 0;
  await page.route('**/_img/**', async (route) => {
    art++;
    const original = mode === 'svg' ? originalOf(new URL(route.request().url()).pathname) : null;
    if (!original) return route.continue();
    // The original from the site's build folder (`*.localhost` does not resolve outside the browser).
    const body = await readFile(join(sitesDir, new URL(url).hostname, original)).catch(() => null);
    return body ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body }) : route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __blocking: number };
    w.__blocking = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__blocking += Math.max(0, entry.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const busy = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  const blocking = await page.evaluate(() => (window as unknown as { __blocking: number }).__blocking);
  return { busy, blocking, art };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const product = await startProductForBench(process.env.BASE_URL);
const sitesDir = product.sitesDir ?? process.env.SITES_DIR ?? 'dist/sites';
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
try {
  const port = new URL(product.baseUrl).port;
  console.log(`before: ${execFileSync('uptime').toString().trim()}`);
  const results = new Map<string, { busy: number[]; blocking: number[]; art: number }>();
  for (let round = 0; round < RUNS; round++) {
    for (const target of PAGES) {
      // Alternate which mode goes first, so neither always meets a warmer machine.
      const modes: Mode[] = round % 2 === 0 ? ['raster', 'svg'] : ['svg', 'raster'];
      for (const mode of modes) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'pt-BR' });
        const page = await context.newPage();
        const result = await measure(page, `http://${target.host}:${port}${target.path}`, mode, sitesDir);
        await context.close();
        const key = `${target.label}\t${mode}`;
        const entry = results.get(key) ?? { busy: [], blocking: [], art: result.art };
        entry.busy.push(result.busy);
        entry.blocking.push(result.blocking);
        results.set(key, entry);
      }
    }
  }
  console.log(`after:  ${execFileSync('uptime').toString().trim()}`);
  console.log(`page\tart as\tmain thread busy (ms, median of ${RUNS})\tlong-task blocking (ms)\tdrawn-art requests`);
  for (const [key, entry] of results) console.log(`${key}\t${Math.round(median(entry.busy))}\t${Math.round(median(entry.blocking))}\t${entry.art}`);
} finally {
  await browser.close();
  await product.stop();
}
