/**
 * JavaScript budget, measured in a real browser: the compressed bytes of
 * JavaScript each page loads before the visitor interacts, counted as
 * Lighthouse counts them in `bench:pages` (body plus response headers, every
 * script requested until the network is idle, so idle-time imports count).
 *
 * Usage: `npm run bench:js` (starts the product on spare ports) or
 * `BASE_URL=http://localhost:4321 npm run bench:js` against a running one;
 * `BENCH_JS_DETAIL=1` also prints every script of a page with its bytes.
 * Exits 1 when a page is over its budget.
 * Budgets (issue 14): site pages (home, lobby, a category, game pages)
 * <= 30 KB, text pages (legal, 404) <= 12 KB — React, ReactDOM and the
 * realtime client load only after an interaction.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../chromium-path.ts';
import { startProductForBench } from './product.ts';

const SITE_PAGE_KB = 30;
const TEXT_PAGE_KB = 12;
const DETAIL = Boolean(process.env.BENCH_JS_DETAIL);

/**
 * `host`: another demo tenant than the product's own host (Chromium resolves
 * `*.localhost` to loopback); `status`: the page's expected answer (200 unless said).
 */
const BUDGETS: Array<{ name: string; path: string; limitKb: number; host?: string; status?: number }> = [
  { name: 'home (pt)', path: '/', limitKb: SITE_PAGE_KB },
  { name: 'home (en)', path: '/en/', limitKb: SITE_PAGE_KB },
  { name: 'sorte home (pt)', path: '/', limitKb: SITE_PAGE_KB, host: 'sorte.localhost' },
  { name: 'lobby (pt)', path: '/casino/games', limitKb: SITE_PAGE_KB },
  { name: 'lobby (en)', path: '/en/casino/games', limitKb: SITE_PAGE_KB },
  { name: 'category (pt)', path: '/casino/category/slots', limitKb: SITE_PAGE_KB },
  // A game page (issue 13): the play area is an island; the game itself loads only after "Jogar".
  { name: 'game page (pt)', path: '/casino/house/dice', limitKb: SITE_PAGE_KB },
  { name: 'game page (en)', path: '/en/casino/house/dice', limitKb: SITE_PAGE_KB },
  { name: 'provider game (pt)', path: '/casino/aurora-gaming/tigre-dourado', limitKb: SITE_PAGE_KB },
  // Promotions and the rewards hub (issue 18): text without a script of their own, held to the text pages' budget (8.6 KB measured).
  { name: 'promotions (pt)', path: '/promotions', limitKb: TEXT_PAGE_KB },
  { name: 'promotion page (en)', path: '/en/promotion/clube-vip', limitKb: TEXT_PAGE_KB },
  { name: 'rewards (pt)', path: '/rewards', limitKb: TEXT_PAGE_KB },
  // Promo codes (issue 18): a live list drawn by a small script (no React) over the API, like the home's featured games: a site page (12.7 KB measured).
  { name: 'promo codes (pt)', path: '/promo-codes', limitKb: SITE_PAGE_KB },
  // Ranking and VIP club (issue 18): the table and texts pre-rendered; the player's part a small script (no React) over the API: a site page (13.0 / 12.4 KB measured).
  { name: 'ranking (pt)', path: '/ranking', limitKb: SITE_PAGE_KB },
  { name: 'ranking (en)', path: '/en/ranking', limitKb: SITE_PAGE_KB },
  { name: 'VIP club (pt)', path: '/vip', limitKb: SITE_PAGE_KB },
  // Mystery boxes (issue 19): the list pre-rendered without a script of its own (a text page); a box page's prizes pre-rendered, its buy button a small <box-buy> element (no React): a site page.
  { name: 'boxes (pt)', path: '/casino/crates', limitKb: TEXT_PAGE_KB },
  { name: 'box page (pt)', path: '/casino/box/bronze', limitKb: SITE_PAGE_KB },
  { name: 'box page (en)', path: '/en/casino/box/bronze', limitKb: SITE_PAGE_KB },
  // The installable app's pages (issue 20): text pages; only /Offiline has a script of its own (<offline-retry>), the install button is the boot script's.
  { name: 'offline (pt)', path: '/Offiline', limitKb: TEXT_PAGE_KB },
  { name: 'offline (en)', path: '/en/Offiline', limitKb: TEXT_PAGE_KB },
  { name: 'blocked (pt)', path: '/444', limitKb: TEXT_PAGE_KB },
  { name: 'install (pt)', path: '/install', limitKb: TEXT_PAGE_KB },
  { name: 'install two (en)', path: '/en/install-two', limitKb: TEXT_PAGE_KB },
  { name: 'iOS steps (pt)', path: '/ios', limitKb: TEXT_PAGE_KB },
  { name: 'animations (pt)', path: '/animation', limitKb: TEXT_PAGE_KB },
  // The design-system gallery (issue 20): plain HTML with its click handler (the modal and toasts load on the first click): a site page (14.3 KB measured).
  { name: 'components (pt)', path: '/NewComponents', limitKb: SITE_PAGE_KB },
  { name: 'legal: terms (pt)', path: '/terms', limitKb: TEXT_PAGE_KB },
  { name: 'legal: privacy (en)', path: '/en/privacy', limitKb: TEXT_PAGE_KB },
  { name: 'legal: resp. gaming', path: '/responsible-gaming', limitKb: TEXT_PAGE_KB },
  { name: 'error screen (404)', path: '/pagina-que-nao-existe', limitKb: TEXT_PAGE_KB, status: 404 },
];

async function main(): Promise<void> {
  const product = await startProductForBench(process.env.BASE_URL);
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  let failed = 0;
  try {
    console.log(`JavaScript loaded before interaction (compressed), ${product.baseUrl}`);
    for (const budget of BUDGETS) {
      // The browser speaks the page's language: a first visit is otherwise sent to the other twin, measuring a redirect.
      const page = await browser.newPage({ locale: budget.path.startsWith('/en/') ? 'en-US' : 'pt-BR' });
      // One entry per script URL: a module preloaded and then imported answers twice, the second time with no body (size -1 or less).
      // Sizes are read once a request has finished: a script still downloading would otherwise count as 0.
      // Bytes on the wire, as Lighthouse's transferSize: the compressed body plus the response's headers
      // (~0.5 KB a request here, so twenty small chunks cost ~10 KB the bodies alone do not show).
      const sizes = new Map<string, Promise<number>>();
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        const size = request.sizes().then((s) => (s.responseBodySize > 0 ? s.responseBodySize + Math.max(0, s.responseHeadersSize) : 0));
        const seen = sizes.get(request.url());
        sizes.set(request.url(), seen ? Promise.all([seen, size]).then(([a, b]) => Math.max(a, b)) : size);
      });
      const base = new URL(product.baseUrl);
      if (budget.host) base.hostname = budget.host;
      const response = await page.goto(base.origin + budget.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const bytes = (await Promise.all(sizes.values())).reduce((sum, n) => sum + n, 0);
      const kb = bytes / 1024;
      // A page that is not the one meant (wrong status) or loads no script at all measures nothing: that fails too.
      const status = response?.status() ?? 0;
      const problem = status !== (budget.status ?? 200) ? ` — answered ${status}` : sizes.size === 0 ? ' — no script measured' : '';
      const ok = kb <= budget.limitKb && problem === '';
      if (!ok) failed++;
      console.log(`${ok ? 'ok  ' : 'OVER'} ${budget.name.padEnd(22)} ${kb.toFixed(1).padStart(7)} KB  (budget ${budget.limitKb} KB, ${sizes.size} scripts)${problem}`);
      if (DETAIL) {
        for (const [url, size] of sizes) console.log(`       ${String(await size).padStart(6)} B  ${new URL(url).pathname}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await product.stop();
  }
  if (failed) process.exitCode = 1;
}

await main();
