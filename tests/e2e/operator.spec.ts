import { readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_SITES_DIR } from '../../playwright.config.ts';
import { tenantUrl } from './helpers.ts';
import { operatorCall as sharedOperatorCall } from './tenant-api.ts';

/** The operator API through the running product, with sorte's demo key unless another key is given. */
const SORTE = 'sorte.localhost';
const operatorCall = (method: string, path: string, body?: unknown, key?: string) => sharedOperatorCall(SORTE, method, path, body, key);

test.describe.configure({ mode: 'serial' });

test('a malformed configuration is refused with field errors and the site keeps serving', async ({ page }) => {
  await page.goto(tenantUrl('sorte.localhost', '/'));
  const before = await page.title();
  const response = await operatorCall('PATCH', '/operator/site-config', { colors: { primary: 'vermelho' }, min_deposit: -5 });
  expect(response.status).toBe(422);
  const body = (await response.json()) as { errors: Record<string, string[]> };
  expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['colors.primary', 'min_deposit']));
  const current = (await (await operatorCall('GET', '/operator/site-config')).json()) as { config: { colors: { primary: string }; min_deposit: number } };
  expect(current.config.colors.primary).toMatch(/^#[0-9a-f]{6}$/i);
  expect(current.config.min_deposit).toBeGreaterThan(0);
  await page.reload();
  expect(await page.title()).toBe(before);
});

test('an operator key without a valid key is refused', async () => {
  expect((await operatorCall('GET', '/operator/site-config', undefined, 'not-a-key')).status).toBe(401);
});

test('a rebuild replaces only the operator\'s own site', async ({ page }) => {
  test.setTimeout(180_000);
  const untouched = await readlink(join(E2E_SITES_DIR, 'localhost'));
  const newTitle = `Sorte Lunar ${Date.now() % 100000}`;
  expect((await operatorCall('PATCH', '/operator/site-config', { siteTitle: newTitle })).status).toBe(200);

  const started = await operatorCall('POST', '/operator/rebuild');
  expect(started.status).toBe(202);
  const { build } = (await started.json()) as { build: { id: string } };
  await expect
    .poll(async () => ((await (await operatorCall('GET', `/operator/builds/${build.id}`)).json()) as { build: { status: string } }).build.status, {
      timeout: 150_000,
      intervals: [1000],
    })
    .toBe('succeeded');

  await page.goto(tenantUrl('sorte.localhost', '/'));
  await expect(page).toHaveTitle(new RegExp(newTitle));
  await page.goto(tenantUrl('localhost', '/'));
  await expect(page).not.toHaveTitle(new RegExp(newTitle));
  expect(await readlink(join(E2E_SITES_DIR, 'localhost'))).toBe(untouched);
});
