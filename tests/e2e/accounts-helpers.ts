import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { tenantUrl } from './helpers.ts';

/**
 * Helpers of the account browser tests. Codes are read from the platform's
 * development outbox (`GET /api/dev/outbox`, mounted when DEV_OUTBOX=true).
 */

/** A fresh, valid Brazilian mobile number: national (`11 98xxx-xxxx`) and E.164. */
export function newPhone(): { national: string; e164: string } {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { national: `1198${rest}`, e164: `+551198${rest}` };
}

/** A random CPF with correct check digits (section 5 rule). */
export function newCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (digits.every((d) => d === digits[0])) digits[0] = (digits[0]! + 1) % 10;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += digits[i]! * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  digits.push(check(9));
  digits.push(check(10));
  return digits.join('');
}

/** A short unique e-mail (≤ 30 characters). */
export function newEmail(): string {
  return `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@ex.com`;
}

/** The newest 6-digit code sent to `to` (phone in E.164 or e-mail) on `host`. */
export async function latestCode(request: APIRequestContext, to: string, host = 'localhost'): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await request.get(tenantUrl(host, `/api/dev/outbox?to=${encodeURIComponent(to)}`));
      if (!response.ok()) return null;
      const body = (await response.json()) as { data: { text: string }[] };
      code = body.data[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

export interface TestPlayer {
  name: string;
  phone: { national: string; e164: string };
  email: string;
  password: string;
  cpf: string;
  token: string;
  user: { id: number; name: string } & Record<string, unknown>;
}

/**
 * The body of `POST /auth/register` for a new test player, with the limits
 * regulated tenants ask for at registration (issue 17).
 */
export function registrationBody(p: { name: string; phone: string; verificationToken: string; email: string; password: string; cpf: string }): Record<string, unknown> {
  return {
    gender: 'female',
    marital_status: 'single',
    name: p.name,
    username: p.phone,
    phone_verification_token: p.verificationToken,
    email: p.email,
    password: p.password,
    password_confirmation: p.password,
    cpf: p.cpf,
    adult: true,
    terms: true,
    // Regulated tenants ask for a loss limit and a session-time limit at registration (issue 17).
    loss_limit: 100_000_000,
    loss_limit_period: 'month',
    session_limit_minutes: 1440,
  };
}

/** Registers a player through the API (phone code included), as the site would. */
export async function registerPlayer(request: APIRequestContext, host = 'localhost', name = 'Joana Teste'): Promise<TestPlayer> {
  const phone = newPhone();
  const email = newEmail();
  const password = 'senha-forte-1';
  const cpf = newCpf();
  const api = (path: string) => tenantUrl(host, `/api${path}`);
  const sent = await request.post(api('/auth/verify-phone'), { data: { phone: phone.e164 } });
  // Its status and words, so a refusal (a rate limit, a taken number) says what it was.
  expect(sent.ok(), `verify-phone ${sent.status()}: ${await sent.text()}`).toBe(true);
  const code = await latestCode(request, phone.e164, host);
  const verified = await request.post(api('/auth/verify-code'), { data: { channel: 'phone', destination: phone.e164, code } });
  const { verification_token } = (await verified.json()) as { verification_token: string };
  const registered = await request.post(api('/auth/register'), { data: registrationBody({ name, phone: phone.e164, verificationToken: verification_token, email, password, cpf }) });
  expect(registered.status(), await registered.text()).toBe(201);
  const body = (await registered.json()) as { token: string; data: TestPlayer['user'] };
  return { name, phone, email, password, cpf, token: body.token, user: body.data };
}

/**
 * The regulated demo tenants' registration step (issue 17): a loss limit of
 * R$ 1.000,00 a month and a session-time limit of 24 hours.
 */
export async function chooseRegistrationLimits(dialog: Locator, lang: 'pt' | 'en' = 'pt'): Promise<void> {
  const x =
    lang === 'pt'
      ? { loss: 'Limite de perdas (R$)', period: 'Período do limite de perdas', session: 'Limite de tempo por sessão', amount: '1.000,00' }
      : { loss: 'Loss limit (R$)', period: 'Loss limit period', session: 'Time limit per session', amount: '1,000.00' };
  await dialog.getByLabel(x.loss).fill(x.amount);
  await dialog.getByLabel(x.period).selectOption('month');
  await dialog.getByLabel(x.session).selectOption('1440');
}

/** Starts the page already logged in as `player` (token and user in local storage, as after a login). */
export async function startLoggedIn(page: Page, player: TestPlayer): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('auth', token);
        localStorage.setItem('user', user);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [player.token, JSON.stringify(player.user)] as const,
  );
}

/** Logs in through the modal at /login (pt). */
export async function loginThroughModal(page: Page, player: Pick<TestPlayer, 'phone' | 'password'>, path = '/login'): Promise<void> {
  await page.goto(tenantUrl('localhost', path));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^(Telefone|Phone)$/).fill(player.phone.national);
  await dialog.getByLabel(/^(Senha|Password)$/).fill(player.password);
  await dialog.getByRole('button', { name: /^(Entrar|Log in)$/ }).click();
}
