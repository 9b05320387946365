import { expect, test } from '@playwright/test';
import { cssVar, siteConfig, tenantUrl } from './helpers.ts';

/** Colours the platform holds for a demo tenant, as the site's theme must show them. */
async function primaryColour(host: string): Promise<string> {
  const { body } = await siteConfig(host);
  return (body as { colors: { primary: string } }).colors.primary.toLowerCase();
}

test.describe('demo tenants by host name', () => {
  for (const host of ['localhost', 'sorte.localhost']) {
    for (const [locale, path, lang] of [
      ['pt', '/', 'pt-BR'],
      ['en', '/en', 'en-US'],
    ] as const) {
      test(`${host} renders in its own colours in ${locale}`, async ({ page }) => {
        await page.goto(tenantUrl(host, path));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        expect(await cssVar(page, '--color-primary')).toBe(await primaryColour(host));
        await expect(page.locator('#preloader')).toHaveAttribute('data-state', 'hidden');
        await expect(page.getByRole('contentinfo')).toBeVisible();
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect(canonical).toContain(host);
      });
    }
  }

  test('the two tenants look different', async () => {
    expect(await primaryColour('localhost')).not.toBe(await primaryColour('sorte.localhost'));
  });

  test("a tenant's art is served only on its own host", async ({ request }) => {
    expect((await request.get(tenantUrl('localhost', '/demo/localhost/logo.svg'))).status()).toBe(200);
    expect((await request.get(tenantUrl('localhost', '/demo/sorte.localhost/logo.svg'))).status()).toBe(404);
  });

  test('a tenant in maintenance shows the maintenance preloader', async ({ page }) => {
    await page.goto(tenantUrl('manutencao.localhost', '/'));
    await expect(page.locator('#preloader')).toHaveAttribute('data-state', 'maintenance');
    await expect(page.getByText('Fazendo uma pausa para melhorar!')).toBeVisible();
    await expect(page.getByText('Para descobrir mais, entre em contato com um administrador!')).toBeVisible();
  });

  test('an unknown domain shows platform-not-found and never another tenant', async ({ page }) => {
    const response = await page.goto(tenantUrl('desconhecido.localhost', '/'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('#preloader')).toHaveAttribute('data-state', 'not-found');
    await expect(page.getByText('Plataforma não encontrada')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Clique aqui para saber mais' })).toBeVisible();
    const { body } = await siteConfig('localhost');
    const title = String(body.siteTitle);
    await expect(page.locator('body')).not.toContainText(title);
  });
});
