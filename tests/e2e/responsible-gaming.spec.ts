import { expect, test, type Page } from '@playwright/test';
import { loginThroughModal, registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { tabTo } from './keyboard-helpers.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/**
 * Issue 17, "Limits, time alert, pauses": the `/responsible-gambling` page
 * (pt and en, phone and desktop), a loss limit met in a house game, the
 * time alert (REALITY_CHECK_MINUTE_SECONDS=1 in playwright.config.ts: a
 * 15-minute alert comes after 15 s) whose "Parar" logs out, and the risk
 * warning at each login.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
] as const;

const T = {
  pt: {
    path: '/responsible-gambling',
    title: 'Jogo Responsável',
    lossDaily: 'Limite de perdas',
    daily: 'Diário (R$)',
    save: 'Salvar limites',
    saved: 'Limites salvos.',
    platform: 'Plataforma Centralizada de Autoexclusão (gov.br)',
    selfExclusion: 'Autoexclusão',
    pause: 'Pausa',
    reality: 'Alerta de tempo a cada',
    alert: 'Alerta de tempo',
    stop: 'Parar',
    login: 'Entrar',
    warning: 'Aviso: apostas envolvem riscos.',
    dismiss: 'Entendi',
  },
  en: {
    path: '/en/responsible-gambling',
    title: 'Responsible Gaming',
    lossDaily: 'Loss limit',
    daily: 'Daily (R$)',
    save: 'Save limits',
    saved: 'Limits saved.',
    platform: 'Centralised Self-Exclusion Platform (gov.br)',
    selfExclusion: 'Self-exclusion',
    pause: 'Take a break',
    reality: 'Time alert every',
    alert: 'Time alert',
    stop: 'Stop',
    login: 'Log in',
    warning: 'Warning: betting involves risks.',
    dismiss: 'Got it',
  },
} as const;

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const lang of ['pt', 'en'] as const) {
  const x = T[lang];
  for (const size of SIZES) {
    test(`the page (${lang}, ${size.name}): limits, pause, self-exclusion and the government platform; axe clean; fits 320 px`, async ({ page, request }) => {
      await page.setViewportSize(size.viewport);
      const player = await registerPlayer(request);
      await startLoggedIn(page, player);
      await page.goto(tenantUrl('localhost', x.path));
      await expect(page).toHaveTitle(new RegExp(x.title));
      await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
      const loss = page.getByRole('group', { name: x.lossDaily });
      await expect(loss.getByLabel(x.daily)).toBeVisible();
      await expect(page.getByRole('heading', { name: x.pause, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: x.selfExclusion, exact: true })).toBeVisible();
      const platform = page.getByRole('link', { name: x.platform });
      await expect(platform).toHaveAttribute('href', 'https://www.gov.br/autoexclusaoapostas');
      // The registration's month loss limit (R$ 1.000.000,00 from the helper) is shown in its field.
      await expect(loss.getByLabel(lang === 'pt' ? 'Mensal (R$)' : 'Monthly (R$)')).not.toHaveValue('');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 320, height: 640 });
      await noSidewaysScroll(page);
    });
  }
}

const PLAY = {
  pt: {
    casino: '/casino/play?game=limbo&mode=real',
    games: '/casino/games',
    usage: /Usado: R\$\s0,00 de R\$\s1,00\. Renova em/,
    refusalHint: 'limite diário de perdas',
    refusal: /^Esta aposta ultrapassa seu limite diário de perdas de R\$\s1,00 \(disponível: R\$\s0,00\)\. O limite renova em \d{2}\/\d{2}\/\d{4}, 00:00 \(horário de Brasília\)\.$/,
    played: /Você está jogando há \d+ (s|min)\./,
    net: /Resultado nesta sessão: R\$\s0,00\./,
  },
  en: {
    casino: '/en/casino/play?game=limbo&mode=real',
    games: '/en/casino/games',
    usage: /Used: R\$0\.00 of R\$1\.00\. Resets on/,
    refusalHint: 'daily loss limit',
    refusal: /^This bet would exceed your daily loss limit of R\$1\.00 \(left: R\$0\.00\)\. The limit resets on [A-Z][a-z]{2} \d{1,2}, \d{4}, 12:00\sAM \(Brasília time\)\.$/,
    played: /You have been playing for \d+ (s|min)\./,
    net: /Result in this session: R\$0\.00\./,
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  const x = T[lang];
  const play = PLAY[lang];

  test(`set a loss limit with the keyboard only, lose up to it in limbo and be refused with the limit named (${lang}, 390 px)`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const player = await fundedPlayer(request, 'Lia Limite');
    await startLoggedIn(page, player);
    await page.goto(tenantUrl('localhost', x.path));
    const field = page.getByRole('group', { name: x.lossDaily }).getByLabel(x.daily);
    await tabTo(page, field);
    await page.keyboard.type(lang === 'pt' ? '1,00' : '1.00');
    await tabTo(page, page.getByRole('button', { name: x.save }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: x.saved })).toBeVisible();
    await expect(page.getByRole('group', { name: x.lossDaily })).toContainText(play.usage);

    // R$ 1,00 rounds of limbo at 1000× (a win chance of 0,099 %): the first loss reaches the limit, the next stake is refused.
    await page.goto(tenantUrl('localhost', play.casino));
    await page.getByTestId('limbo-target').fill('1000');
    const amount = page.getByTestId('house-amount');
    await amount.fill('1');
    const refusal = page.getByRole('alert').filter({ hasText: play.refusalHint });
    for (let round = 0; round < 5 && !(await refusal.isVisible()); round += 1) {
      const answer = page.waitForResponse((r) => r.url().includes('/api/house/limbo/play'));
      await page.getByTestId('house-play').click();
      await answer;
      await page.waitForTimeout(50);
    }
    await expect(refusal).toBeVisible();
    await expect(refusal).toHaveText(play.refusal);
  });

  test(`the time alert comes after the interval with time played and result; "${x.stop}" logs the player out (${lang}, desktop)`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    const player = await registerPlayer(request, 'localhost', 'Tim Alert');
    await startLoggedIn(page, player);
    await page.goto(tenantUrl('localhost', x.path));
    await page.getByLabel(x.reality).selectOption('15');
    await page.getByRole('button', { name: x.save }).click();
    await expect(page.getByRole('status').filter({ hasText: x.saved })).toBeVisible();
    // Another page: the alert follows the player anywhere on the site.
    await page.goto(tenantUrl('localhost', play.games));
    const alert = page.getByRole('dialog', { name: x.alert });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText(play.played);
    await expect(alert).toContainText(play.net);
    expect(await seriousViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: x.stop }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: x.login })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    // The token is revoked: the platform refuses it.
    const me = await request.get(tenantUrl('localhost', '/api/auth/me'), { headers: { authorization: `Bearer ${player.token}` } });
    expect(me.status()).toBe(401);
  });
}

for (const lang of ['pt', 'en'] as const) {
  test(`the risk warning at every login, dismissible, in the player's language (${lang})`, async ({ page, request }) => {
    const x = T[lang];
    const player = await registerPlayer(request);
    await loginThroughModal(page, player, lang === 'pt' ? '/login' : '/en/login');
    const warning = page.getByRole('region', { name: x.warning });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(lang === 'pt' ? 'dependência e perdas financeiras' : 'addiction and financial losses');
    // Still there on the next page until dismissed, then gone for this login.
    await page.goto(tenantUrl('localhost', lang === 'pt' ? '/casino/games' : '/en/casino/games'));
    await expect(warning).toBeVisible();
    await tabTo(page, warning.getByRole('button', { name: x.dismiss }));
    await page.keyboard.press('Enter');
    await expect(warning).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: /Minha conta|My account/ })).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
}
