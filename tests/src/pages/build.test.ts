import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Builds the site twice, as the platform does: for the fixture tenant and as
 * the fallback (no TENANT_BUNDLE), then checks the emitted HTML. Output goes
 * under the project's dist/ (inside the working directory, so Astro keeps its
 * intermediate files in the output folder and parallel builds do not collide).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURE = join(ROOT, 'tests/fixtures/tenant-bundle.pt.json');
const OUT = join(ROOT, 'dist', `.test-site-pages-${process.pid}`);
const TENANT = join(OUT, 'tenant');
const FALLBACK = join(OUT, 'fallback');
const INFO_URL = 'https://info.test.example/sobre';

function build(outDir: string, env: Record<string, string>): void {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env };
  if (!env.TENANT_BUNDLE) delete childEnv.TENANT_BUNDLE;
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir], {
    cwd: ROOT,
    env: childEnv,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`astro build failed:\n${result.stdout}\n${result.stderr}`);
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1];
const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html') && !f.startsWith('demo/'))
    .map((f) => relative('', f))
    .sort();

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  build(TENANT, { TENANT_BUNDLE: FIXTURE });
  build(FALLBACK, { TENANT_BUNDLE: '', PLATFORM_INFO_URL: INFO_URL });
}, 240_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** Casino pages of the fixture catalogue: lists, categories with games, one page per game. */
const FIXTURE_CASINO = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { casino: { games: { providercode: string; gamecode: string; category_slug: string }[] } }).casino;
const CASINO_PAGES = [
  'casino/games',
  'casino/providers',
  'casino/favorites',
  'casino/recent',
  ...[...new Set(FIXTURE_CASINO.games.map((g) => g.category_slug))].map((slug) => `casino/category/${slug}`),
  ...FIXTURE_CASINO.games.map((g) => `casino/${g.providercode}/${g.gamecode}`),
];

describe('tenant build', () => {
  it('emits every page in pt (unprefixed) and en (/en), skipping pages missing in a locale', () => {
    // Sports pages exist on every tenant: without a sportsbook they show the unavailable state (issue 16).
    // The rewards pages exist on every tenant (issue 18).
    const REWARDS_PAGES = ['bonus', 'promo-codes', 'promotion', 'promotions', 'ranking', 'refers', 'rewards', 'vip'];
    // Mystery boxes with hasBoxes (issue 19): the list, one page per box of the bundle, the player's boxes and items.
    const BOX_PAGES = ['casino/crates', 'casino/box/caixa-teste', 'account/boxes', 'account/items'];
    // The installable app's pages on every tenant (issue 20).
    const PWA_PAGES = ['Offiline', '444', 'install', 'install-two', 'ios', 'animation', 'messaging-2', 'NewComponents'];
    const accountPages = ['login', 'register', 'recover-pass', 'user', 'user/edit/access-data', 'user/edit/personal-data', 'user/edit/verification', 'account/wallet', 'user/edit/transaction', 'user/edit/history-casino', 'responsible-gambling', 'casino/play', 'casino/fairness', 'sports', 'sportschange', 'sportsbook', 'widgetbetby', ...REWARDS_PAGES, ...BOX_PAGES, ...PWA_PAGES, ...CASINO_PAGES].flatMap(
      (path) => [`${path}/index.html`, `en/${path}/index.html`],
    );
    expect(htmlFiles(TENANT)).toEqual([
      ...accountPages,
      '404.html',
      'aml-policy/index.html',
      'betting-terms/index.html',
      'em-conformidade-com-a-regulamentacao/index.html',
      'en/404/index.html',
      'en/aml-policy/index.html',
      'en/betting-terms/index.html',
      'en/em-conformidade-com-a-regulamentacao/index.html',
      'en/index.html',
      'en/pages/news/index.html',
      'en/responsible-gaming/index.html',
      'en/terms/index.html',
      'index.html',
      'pages/news/index.html',
      'pages/sobre-nos/index.html',
      'privacy/index.html',
      'responsible-gaming/index.html',
      'terms/index.html',
    ].sort());
  });

  it('sets lang, title, canonical and hreflang alternates per locale', () => {
    const pt = read(TENANT, 'terms/index.html');
    expect(pt).toMatch(/<html lang="pt-BR" data-locale="pt">/);
    expect(pt).toContain('<title>Termos e Condições | Sorte Lunar</title>');
    expect(pt).toContain('<link rel="canonical" href="https://sorte.example/terms">');
    expect(pt).toContain('<link rel="alternate" hreflang="en-US" href="https://sorte.example/en/terms">');
    expect(pt).toContain('<link rel="alternate" hreflang="x-default" href="https://sorte.example/terms">');
    const en = read(TENANT, 'en/index.html');
    expect(en).toMatch(/<html lang="en-US" data-locale="en">/);
    expect(en).toContain('<link rel="canonical" href="https://sorte.example/en">');
    expect(en).toContain('<meta name="description" content="Licensed Brazilian online casino');
    // Privacy exists only in Portuguese: no English alternate, and the switch goes to the English home.
    const privacy = read(TENANT, 'privacy/index.html');
    expect(privacy).not.toContain('<link rel="alternate" hreflang="en-US"');
    expect(privacy).toMatch(/<a data-locale-switch="en" href="\/en"/);
    expect(pt).toMatch(/<a data-locale-switch="en" href="\/en\/terms"/);
  });

  it('paints in the tenant colours from an inline style in <head>', () => {
    const head = read(TENANT, 'index.html').split('</head>')[0]!;
    expect(head).toMatch(/<style id="tenant-theme">:root\{--color-primary:#8b5cf6;[^<]*--color-background:#0e0a1c;/);
  });

  it('renders the operator HTML of legal and custom pages', () => {
    expect(read(TENANT, 'terms/index.html')).toContain('<li>Saques são pagos apenas para chaves Pix do próprio titular.</li>');
    expect(read(TENANT, 'en/pages/news/index.html')).toContain('<h2>New games every week</h2>');
  });

  it('embeds the runtime config and the error texts for the client', () => {
    const html = read(TENANT, 'en/terms/index.html');
    const runtime = JSON.parse(attr(html, /<script type="application\/json" id="tenant-runtime">(.*?)<\/script>/)!);
    expect(runtime).toMatchObject({ domain: 'sorte.localhost', locale: 'en', apiUrl: '/api', status: 'active' });
    const texts = JSON.parse(attr(html, /<script type="application\/json" id="error-texts">(.*?)<\/script>/)!);
    expect(texts['401'].title).toBe('Not authorized');
    expect(Object.keys(texts)).toEqual(['401', '404', 'other']);
    expect(html).toMatch(/<div id="preloader" data-state="hidden"/);
    expect(html).toMatch(/<section id="error-screen" role="alert" hidden data-code(="")?>/);
  });

  it('renders the 404 pages with the error screen shown and noindex', () => {
    const html = read(TENANT, '404.html');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toMatch(/<section id="error-screen" role="alert" data-code="404">/);
    expect(html).toContain('Página não encontrada</h1>');
    expect(read(TENANT, 'en/404/index.html')).toContain(
      "We couldn&#39;t find the page you were looking for, please contact a system administrator or try again later.",
    );
  });

  it('lists only routes that exist in the side menu and the legal pages in the footer', () => {
    const html = read(TENANT, 'en/index.html');
    const menu = attr(html, /<nav id="side-menu"[\s\S]*?>([\s\S]*?)<\/nav>/)!;
    expect([...menu.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/en', '/en/casino/games', '/en/casino/providers', '/en/casino/recent', '/en/casino/favorites', '/en/casino/crates', '/en/promotions', '/en/refers', '/en/vip', '/en/ranking', '/en/pages/news',
    ]);
    expect(html).toContain('href="/en/terms"');
    expect(html).not.toContain('href="/en/privacy"');
    expect(html).toContain('CNPJ 12.345.678/0001-90');
    expect(html).toContain('"@type":"Organization"');
  });

  it('pre-renders the casino lobby with its first 24 games as linked cards', () => {
    const html = read(TENANT, 'casino/games/index.html');
    expect(html).toContain('<title>Todos os jogos | Sorte Lunar</title>');
    const cards = [...html.matchAll(/<li class="game-card" data-testid="game-card" data-gamecode="([^"]+)" data-provider="([^"]+)"/g)];
    expect(cards).toHaveLength(24);
    expect(html).toContain('href="/casino/house/dice"');
    expect(html).toMatch(/<img class="game-card__image" src="[^"]+" alt="" width="300" height="400" loading="(eager|lazy)"/);
    expect(html).toContain('data-testid="games-more"');
    const category = read(TENANT, 'en/casino/category/roleta/index.html');
    expect(category).toContain('<title>Roulette | Sorte Lunar</title>');
    expect([...category.matchAll(/data-testid="game-card"/g)]).toHaveLength(1);
    expect(read(TENANT, 'casino/providers/index.html')).toContain('href="/casino/games?provider=pragmatic"');
  });

  it('pre-renders one page per game with RTP, description, structured data and related games', () => {
    const pt = read(TENANT, 'casino/house/dice/index.html');
    expect(pt).toContain('<title>Dice | Sorte Lunar</title>');
    expect(pt).toContain('<meta name="description" content="Role os dados: acima ou abaixo do alvo.">');
    expect(pt).toContain('<link rel="canonical" href="https://sorte.example/casino/house/dice">');
    expect(pt).toContain('RTP 99,00\u00a0%');
    expect(pt).toContain('"@type":"VideoGame","name":"Dice"');
    expect(pt).toContain('"publisher":{"@type":"Organization","name":"Casa"}');
    expect(pt).toMatch(/data-testid="related-games"[\s\S]*data-gamecode="limbo"/);
    expect(pt).toContain('data-testid="game-play-demo"');
    expect(read(TENANT, 'en/casino/house/dice/index.html')).toContain('RTP 99.00\u00a0%');
    // Unknown pairs are not built: the static server answers them with 404.html (the error screen).
    expect(existsSync(join(TENANT, 'casino/house/unknown'))).toBe(false);
  });

  it("renders a game page's related games with the lobby's card markup (RelatedGames.astro against React's GameCard)", () => {
    // The same game's card in both lists; React closes void elements with "/>", and the lobby's first row loads eagerly.
    const card = (html: string, gamecode: string): string | undefined =>
      html
        .match(new RegExp(`<li class="game-card" data-testid="game-card" data-gamecode="${gamecode}"[\\s\\S]*?</li>`))?.[0]
        .replaceAll('/>', '>')
        .replace(' loading="eager"', ' loading="lazy"')
        .replace(' fetchpriority="high"', '');
    const related = card(read(TENANT, 'casino/house/dice/index.html'), 'limbo');
    expect(related).toContain('<span class="game-card__title">Limbo</span>');
    expect(related).toBe(card(read(TENANT, 'casino/games/index.html'), 'limbo'));
  });

  it('pre-renders a box page with every prize, its published probability and value, and on a regulated tenant no buy button (issue 19)', () => {
    const pt = read(TENANT, 'casino/box/caixa-teste/index.html');
    expect(pt).toMatch(/<h1[^>]*>Caixa Teste<\/h1>/);
    const rows = [...pt.matchAll(/<tr data-testid="box-prize"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
    expect(rows).toEqual(['Ficha de R$ 3 87,5% R$ 3,00', 'Ficha de R$ 9 12,5% R$ 9,00']);
    expect(pt).toMatch(/data-testid="box-ev"[^>]*>R\$\u00a03,75</);
    expect(pt).toContain('data-testid="box-buy-regulated"');
    expect(pt).not.toContain('<box-buy');
    expect(pt).not.toContain('<astro-island');
    const en = read(TENANT, 'en/casino/box/caixa-teste/index.html');
    expect(en).toContain('12.5%');
    expect(en).toMatch(/data-testid="box-price"[^>]*>R\$5\.00</);
    const list = read(TENANT, 'en/casino/crates/index.html');
    expect(list).toContain('href="/en/casino/box/caixa-teste"');
    expect(read(TENANT, 'account/boxes/index.html')).toContain('<meta name="robots" content="noindex');
  });

  it('writes a sitemap of canonical URLs with alternates, a manifest and the service worker', () => {
    const sitemap = read(TENANT, 'sitemap-0.xml');
    expect(sitemap).toContain('<loc>https://sorte.example/terms</loc>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="en-US" href="https://sorte.example/en/terms"/>');
    expect(sitemap).not.toContain('404');
    expect(sitemap).not.toMatch(/\/(login|register|recover-pass|user)</);
    expect(sitemap).toContain('<loc>https://sorte.example/casino/box/caixa-teste</loc>');
    expect(sitemap).not.toContain('/account/boxes');
    expect(sitemap).not.toContain('/account/items');
    const manifest = JSON.parse(read(TENANT, 'manifest.webmanifest'));
    expect(manifest).toMatchObject({ name: 'Sorte Lunar', theme_color: '#0e0a1c', start_url: '/' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
    expect(existsSync(join(TENANT, 'sw-custom.js'))).toBe(true);
    expect(read(TENANT, 'robots.txt')).toContain('Sitemap: https://sorte.example/sitemap-index.xml');
  });

  it('leaves every page marked noindex out of the sitemap', () => {
    const sitemap = read(TENANT, 'sitemap-0.xml');
    const noindex = htmlFiles(TENANT).filter((file) => read(TENANT, file).includes('<meta name="robots" content="noindex'));
    expect(noindex).toContain('NewComponents/index.html');
    const listed = noindex.filter((file) => sitemap.includes(`<loc>https://sorte.example/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}</loc>`));
    expect(listed).toEqual([]);
  });
});

describe('fallback build (no TENANT_BUNDLE)', () => {
  it('emits only the home and 404 pages, both showing "Plataforma não encontrada"', () => {
    expect(htmlFiles(FALLBACK)).toEqual(['404.html', 'index.html']);
    for (const file of ['index.html', '404.html']) {
      const html = read(FALLBACK, file);
      expect(html).toMatch(/<div id="preloader" data-state="not-found"/);
      expect(html).toContain('Plataforma não encontrada');
      expect(html).toContain(`href="${INFO_URL}"`);
      expect(html).not.toContain('id="app-root"');
      expect(JSON.parse(attr(html, /id="tenant-runtime">(.*?)<\/script>/)!).status).toBe('unknown');
    }
    expect(existsSync(join(FALLBACK, 'sitemap-index.xml'))).toBe(false);
    expect(read(FALLBACK, 'robots.txt')).toContain('Disallow: /');
  });
});
