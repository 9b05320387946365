import { expect, test } from '@playwright/test';
import { tenantUrl } from './helpers.ts';

test('an unknown path shows the 404 error screen, and Back to home goes home', async ({ page }) => {
  const response = await page.goto(tenantUrl('localhost', '/pagina-que-nao-existe'));
  expect(response?.status()).toBe(404);
  const screen = page.locator('#error-screen');
  await expect(screen).toBeVisible();
  await expect(screen.locator('.error-screen__code')).toHaveText('404');
  await expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await screen.getByRole('button', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(tenantUrl('localhost', '/'));
  await expect(page.locator('#error-screen')).toBeHidden();
});

test('the English error screen uses the specification texts', async ({ page }) => {
  await page.goto(tenantUrl('localhost', '/en/no-such-page'));
  const screen = page.locator('#error-screen');
  await expect(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(screen).toContainText("We couldn't find the page you were looking for, please contact a system administrator or try again later.");
  await screen.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/en\/?$/);
});

test('the language switch keeps the page and remembers the choice', async ({ page, context }) => {
  await page.goto(tenantUrl('localhost', '/terms'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.locator('[data-locale-switch="en"]').click();
  await expect(page).toHaveURL(tenantUrl('localhost', '/en/terms'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('en');
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
});

test('a first visit follows an English browser once', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(tenantUrl('localhost', '/privacy'));
  await expect(page).toHaveURL(tenantUrl('localhost', '/en/privacy'));
  await page.locator('[data-locale-switch="pt"]').click();
  await expect(page).toHaveURL(tenantUrl('localhost', '/privacy'));
  await page.goto(tenantUrl('localhost', '/terms'));
  await expect(page).toHaveURL(tenantUrl('localhost', '/terms'));
  await context.close();
});

test('ref and lmcp are stored and lmcp is sent on later calls', async ({ page }) => {
  const lmcpHeaders: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) lmcpHeaders.push(request.headers()['lmcp'] ?? '');
  });
  await page.goto(tenantUrl('localhost', '/?ref=AMIGO42&lmcp=campanha-7'));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ref'))).toBe('AMIGO42');
  expect(await page.evaluate(() => localStorage.getItem('lmcp'))).toBe('campanha-7');
  await page.goto(tenantUrl('localhost', '/terms'));
  await expect.poll(() => lmcpHeaders.filter((h) => h === 'campanha-7').length).toBeGreaterThan(0);
});

test('a hash scrolls to its element and a new route scrolls to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto(tenantUrl('localhost', '/terms'));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: /Política de Privacidade/ }).click();
  await expect(page).toHaveURL(tenantUrl('localhost', '/privacy'));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goto(tenantUrl('localhost', '/'));
  await page.goto(tenantUrl('localhost', '/terms#app-root'));
  await expect.poll(() => page.evaluate(() => document.getElementById('app-root')?.getBoundingClientRect().top ?? 99)).toBeLessThanOrEqual(1);
});
