import { expect, test, type Page } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { payPixCharge } from './wallet-helpers.ts';

/**
 * Issue 12: the pages satisfy their own Content-Security-Policy in a real
 * browser. Every page and frame reports violations as `securitypolicyviolation`
 * events and console errors; a visit through home, lobby, a house game in
 * its frame, a legal page, a Pix deposit paid live (islands, realtime) must
 * produce none.
 */

interface Violations {
  events: string[];
  console: string[];
}

/** Collects CSP violations of the page and of every frame it opens, from the first script on. */
async function watchCsp(page: Page): Promise<Violations> {
  const found: Violations = { events: [], console: [] };
  await page.exposeFunction('__cspViolation', (line: string) => void found.events.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation?: (l: string) => void }).__cspViolation ?? (window.top as unknown as { __cspViolation?: (l: string) => void } | null)?.__cspViolation;
      void report?.(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to (load|execute|connect|frame|apply)/i.test(message.text())) found.console.push(message.text());
  });
  return found;
}

test('pages, islands, the house game frame and realtime run without CSP violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  const home = await page.goto(tenantUrl('localhost', '/'));
  const csp = home!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(home!.headers()['x-content-type-options']).toBe('nosniff');
  expect(home!.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await page.locator('#home-live-bets').scrollIntoViewIfNeeded();

  await page.goto(tenantUrl('localhost', '/casino/games'));
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await page.goto(tenantUrl('localhost', '/terms'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A player: islands hydrate with a session, the deposit is paid and announced by realtime.
  const player = await registerPlayer(request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/'));
  await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
  const modal = page.getByTestId('deposit-modal');
  await modal.getByLabel('Valor do depósito').fill('50');
  await modal.getByRole('button', { name: 'Gerar Pix' }).click();
  await expect(modal.getByTestId('pix-qr')).toBeVisible();
  await payPixCharge((await modal.getAttribute('data-txid'))!);
  await expect(modal.getByTestId('deposit-paid')).toBeVisible();
  await page.keyboard.press('Escape');

  // The house game in its same-origin frame, with a real-money round.
  await page.goto(tenantUrl('localhost', '/casino/house/dice'));
  await page.getByTestId('game-play-real').click();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('house-game')).toHaveAttribute('data-game', 'dice');
  await frame.getByTestId('house-amount').fill('1');
  await frame.getByTestId('house-play').click();
  await expect(frame.getByTestId('house-result')).toHaveAttribute('data-round-id', /^\d+$/);
  await expect(page.getByTestId('header-balance')).not.toHaveText(/R\$\s?50,00/);

  expect(violations).toEqual({ events: [], console: [] });
});

test('a page blocks an injected inline script, and another site cannot frame it', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto(tenantUrl('localhost', '/'));
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.events.length).toBeGreaterThan(0);

  // Another site (a page with no policy of its own) cannot frame a tenant page.
  await page.route('http://framing.invalid/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe src="${tenantUrl('localhost', '/terms')}"></iframe>` }),
  );
  await page.goto('http://framing.invalid/');
  const child = page.frames().find((f) => f !== page.mainFrame());
  // Chromium replaces a frame refused by frame-ancestors with its error page.
  await expect.poll(() => child?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toHaveCount(0);
});
