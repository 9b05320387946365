/**
 * `npm run screenshots`: a gallery for reviewing the site by eye. PNGs of
 * every page of the `localhost` demo tenant (the pages its build has, as the
 * layout test lists them: one game per provider, every house game, the 404
 * screen) and of every pop-up (login, sign-up, deposit, withdrawal, chat,
 * account menu, push prompt), at 320, 390 and 1366 px wide, in pt and en,
 * logged out and logged in (a new player with R$ 100,00 deposited through the
 * sandbox Pix), written to `screenshots/<date-time>/<width>/<locale>/<state>/`.
 *
 * Starts its own product on spare ports (development outbox on, to register
 * the player), or uses `BASE_URL` (pages then come from `SITES_DIR`, default
 * `dist/sites`; logged-in shots need that product to run with
 * DEV_OUTBOX=true and the sandbox Pix). `SCREENSHOTS_WIDTHS=320,390`,
 * `SCREENSHOTS_FILTER=casino` (pages whose path contains it) and
 * `SCREENSHOTS_DIR` narrow or move the run.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, request as apiRequest, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium-path.ts';
import { startProductForBench } from './bench/product.ts';
import { builtSitePages } from './site-pages.ts';

const WIDTHS = (process.env.SCREENSHOTS_WIDTHS ?? '320,390,1366').split(',').map(Number);
const HEIGHTS: Record<number, number> = { 320: 640, 390: 844, 1366: 768 };
const LOCALES = [
  { code: 'pt', prefix: '', tag: 'pt-BR' },
  { code: 'en', prefix: '/en', tag: 'en-US' },
] as const;
const FILTER = process.env.SCREENSHOTS_FILTER ?? '';

interface Player {
  token: string;
  user: unknown;
}

/** A new player with R$ 100,00 deposited, through the browser tests' own helpers (they read the product's port from E2E_PORT). */
async function newFundedPlayer(baseUrl: string): Promise<Player | null> {
  process.env.E2E_PORT = new URL(baseUrl).port || '80';
  const { fundedPlayer } = await import('../tests/e2e/wallet-helpers.ts');
  const request = await apiRequest.newContext();
  try {
    const player = await fundedPlayer(request, 'Joana Teste');
    return { token: player.token, user: player.user };
  } catch (error) {
    console.warn(`No logged-in screenshots: could not register and fund a player (${(error as Error).message.split('\n')[0]})`);
    return null;
  } finally {
    await request.dispose();
  }
}

/** A file name for a site path: `/casino/games/` → `casino-games`, `/` → `home`. */
function fileName(path: string): string {
  return path.replace(/^\/|\/$/g, '').replace(/[^a-z0-9-]+/gi, '-') || 'home';
}

async function settle(page: Page, player: Player | null): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  if (player) await page.getByTestId('header-balance').waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

/** Opens one pop-up on the current page; false when it did not show (then no picture is taken). */
async function openPopUp(page: Page, name: string): Promise<boolean> {
  const shown = (selector: string) =>
    page
      .locator(selector)
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
  switch (name) {
    case 'login':
    case 'register':
      await page.locator(`header [data-auth-open="${name}"]`).click();
      return shown('dialog.auth-dialog');
    case 'deposit':
      await page.locator('header [data-deposit-open]').click();
      return shown('dialog.auth-dialog');
    case 'chat':
      await page.getByTestId('chat-open').click();
      return shown('[data-testid="chat-panel"]');
    case 'account-menu':
      await page.locator('header .session__button--account').click();
      return shown('#account-menu');
    case 'withdrawal': {
      // The withdrawal form is a card of the wallet page: the picture is that card, scrolled into view.
      const card = page.getByTestId('withdraw-submit');
      if (!(await card.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true).catch(() => false))) return false;
      // Its form at the top of the screen, just below the sticky header.
      await card.evaluate((button) => {
        button.closest('form')?.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -(document.querySelector('header.site-header')?.getBoundingClientRect().height ?? 0) - 8);
      });
      return true;
    }
    case 'push':
      return shown('[data-push-modal]');
    default:
      return false;
  }
}

async function shoot(browser: Browser, baseUrl: string, pages: Record<string, string[]>, player: Player | null, outDir: string): Promise<number> {
  let count = 0;
  for (const width of WIDTHS) {
    for (const locale of LOCALES) {
      for (const loggedIn of player ? [false, true] : [false]) {
        const state = loggedIn ? 'logged-in' : 'logged-out';
        const dir = join(outDir, String(width), locale.code, state);
        await mkdir(dir, { recursive: true });
        const context = await browser.newContext({ viewport: { width, height: HEIGHTS[width] ?? 800 }, locale: locale.tag, timezoneId: 'America/Sao_Paulo' });
        if (loggedIn && player) {
          await context.addInitScript(
            ([token, user]) => {
              localStorage.setItem('auth', token);
              localStorage.setItem('user', user);
            },
            [player.token, JSON.stringify(player.user)] as const,
          );
        }
        const page = await context.newPage();
        const url = (path: string) => `${baseUrl}${path === '/' ? `${locale.prefix}/` : locale.prefix + path}`;
        for (const path of pages[locale.code]!) {
          await page.goto(url(path));
          await settle(page, loggedIn ? player : null);
          await page.screenshot({ path: join(dir, `${fileName(path)}.png`), fullPage: true });
          count++;
        }
        const popUps = loggedIn ? ['deposit', 'chat', 'account-menu', 'withdrawal'] : ['login', 'register'];
        for (const popUp of popUps) {
          await page.goto(url(popUp === 'withdrawal' ? '/account/wallet' : '/'));
          await settle(page, loggedIn ? player : null);
          if (await openPopUp(page, popUp)) {
            await page.screenshot({ path: join(dir, `popup-${popUp}.png`) });
            count++;
          } else console.warn(`${width} ${locale.code} ${state}: the ${popUp} pop-up did not show`);
        }
        await context.close();
        if (loggedIn && player) count += await shootPushModal(browser, baseUrl, width, locale, player, dir);
      }
    }
  }
  return count;
}

/**
 * The push prompt shows to an account older than 10 minutes that has not answered it, a few seconds
 * after sign-in: this browser's clock runs 11 minutes ahead and reports "not asked yet".
 */
async function shootPushModal(browser: Browser, baseUrl: string, width: number, locale: (typeof LOCALES)[number], player: Player, dir: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width, height: HEIGHTS[width] ?? 800 }, locale: locale.tag, timezoneId: 'America/Sao_Paulo' });
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('auth', token);
      localStorage.setItem('user', user);
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'default' });
    },
    [player.token, JSON.stringify(player.user)] as const,
  );
  const page = await context.newPage();
  await page.clock.install({ time: Date.now() + 11 * 60_000 });
  await page.goto(`${baseUrl}${locale.prefix}/`);
  await settle(page, player);
  const shown = await page
    .locator('[data-push-modal]')
    .waitFor({ state: 'visible', timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  if (shown) await page.screenshot({ path: join(dir, 'popup-push.png') });
  else console.warn(`${width} ${locale.code} logged-in: the push prompt did not show`);
  await context.close();
  return shown ? 1 : 0;
}

async function main(): Promise<void> {
  const started = performance.now();
  const product = await startProductForBench(process.env.BASE_URL, { DEV_OUTBOX: 'true', IP_RATE_LIMIT_SCALE: '100' });
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  try {
    const siteDir = join(product.sitesDir ?? process.env.SITES_DIR ?? 'dist/sites', 'localhost');
    const pages: Record<string, string[]> = {};
    for (const locale of LOCALES) pages[locale.code] = (await builtSitePages(siteDir, locale.prefix)).filter((path) => path.includes(FILTER));
    const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
    const outDir = resolve(process.env.SCREENSHOTS_DIR ?? join('screenshots', stamp));
    const player = await newFundedPlayer(product.baseUrl);
    const count = await shoot(browser, product.baseUrl, pages, player, outDir);
    console.log(`${count} screenshots of ${product.baseUrl} in ${Math.round((performance.now() - started) / 1000)} s: ${outDir}`);
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
