import { type Browser, expect, type Page } from '@playwright/test';
import { totpCode } from '../../server/features/staff/totp.ts';
import { tenantUrl } from './helpers.ts';
import { operatorCall } from './tenant-api.ts';

/**
 * Staff sign-in for the back-office specs (issue 21): password, then TOTP,
 * enrolling at the first sign-in and remembering the secret shown. The
 * secrets live in this worker's memory, so a spec signs in only as staff it
 * created itself (newStaff) or as the demo admin in one spec file only.
 */
export const HOST = 'localhost';
export const PASSWORD = 'a-long-staff-password';
export const ADMIN = { email: `admin@${HOST}`, password: 'demo-admin-password' };
/** TOTP secrets read from the enrolment screen, by e-mail. */
const secrets = new Map<string, string>();
/** The last TOTP step each account signed in with: the platform never takes a step twice. */
const lastSteps = new Map<string, number>();
const STEP_MS = 30_000;

/** A code the platform takes now: the current step, or the next (it allows one step of drift), waiting when both were used. */
export async function freshCode(page: Page, email: string): Promise<string> {
  const step = Math.max(Math.floor(Date.now() / STEP_MS), (lastSteps.get(email) ?? -1) + 1);
  const validFrom = (step - 1) * STEP_MS;
  if (Date.now() < validFrom + 500) await page.waitForTimeout(validFrom + 500 - Date.now());
  lastSteps.set(email, step);
  return totpCode(secrets.get(email)!, new Date(step * STEP_MS + 1000));
}

export async function signIn(page: Page, who: { email: string; password: string }, opts: { keyboard?: boolean; lang?: 'pt' | 'en' } = {}): Promise<void> {
  const en = opts.lang === 'en';
  await page.goto(tenantUrl(HOST, '/backoffice/'));
  await expect(page.getByRole('heading', { name: en ? 'Sign in to the back office' : 'Entrar no back office' })).toBeVisible();
  await expect(page.getByLabel('Site')).toHaveValue(HOST);
  if (opts.keyboard) {
    await page.getByLabel('E-mail').focus();
    await page.keyboard.type(who.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(who.password);
    await page.keyboard.press('Enter');
  } else {
    await page.getByLabel('E-mail').fill(who.email);
    await page.getByLabel(en ? 'Password' : 'Senha').fill(who.password);
    await page.getByRole('button', { name: en ? 'Continue' : 'Continuar' }).click();
  }
  const code = page.getByLabel(en ? 'Code' : 'Código');
  await expect(code).toBeVisible();
  const shown = page.getByTestId('totp-secret');
  if (await shown.isVisible()) {
    await expect(page.getByRole('heading', { name: en ? 'Turn on two-step verification' : 'Ative a verificação em duas etapas' })).toBeFocused();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    secrets.set(who.email, (await shown.textContent())!.trim());
  }
  await code.fill(await freshCode(page, who.email));
  if (opts.keyboard) await page.keyboard.press('Enter');
  else await page.getByRole('button', { name: en ? 'Sign in' : 'Entrar', exact: true }).click();
  await expect(page.getByRole('navigation', { name: en ? 'Screens' : 'Telas' })).toBeVisible();
}

/** Opens a screen from the navigation, unfolding it first on a phone. */
export async function openScreen(page: Page, name: string): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Menu:/ });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
}

export async function newPage(browser: Browser, opts: { width?: number; locale?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1366, height: 900 }, locale: opts.locale ?? 'pt-BR' });
  return context.newPage();
}

export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** A staff account of `role` on HOST made with the operator key (automation's way in), ready for its first sign-in. */
export async function newStaff(role: string, name: string, prefix: string = role): Promise<{ email: string; password: string }> {
  const who = { email: `${prefix}-${Date.now() % 1_000_000}@ipe.example`, password: PASSWORD };
  const made = await operatorCall(HOST, 'POST', '/operator/staff', { email: who.email, name, role, password: who.password });
  expect(made.status).toBe(201);
  return who;
}
