import { expect, type FrameLocator, type Page, type Response, test, type WebSocket } from '@playwright/test';
import { createEngine } from '../../server/features/casino/aggregators/sandbox/engines/index.ts';
import { formatRtp } from '../../server/features/casino/aggregators/sandbox/page/format.ts';
import { formatBRL } from '../../src/lib/money-format.ts';
import { startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/*
 * Issue 13, the sandbox game aggregator in the browser: a new player
 * deposits, opens a sandbox slot from the lobby and plays real-money spins
 * in the game frame, the frame served by the aggregator and its money moved
 * by signed seamless-wallet calls; the header's balance (realtime) follows
 * every spin and agrees with the frame's. The frame speaks the page's
 * language, fits a phone without sideways scrolling, a guest plays the same
 * game in demo mode, and the roulette, crash and table families each play a
 * round. Screenshots of every state go to /tmp/aggregator-*.png.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TIGRE = '/casino/aurora-gaming/tigre-dourado';

interface RoundAnswer {
  round: { id: string; stake: number; payout: number; outcome: unknown };
  balance: number;
}

const squash = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

/**
 * Every test: the notifications prompt counts as just dismissed, so it does
 * not open over the game frame five seconds after the login (its own tests
 * are in push.spec.ts).
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pushModalClosedAt', String(Date.now())));
});


/**
 * Resolves once a realtime connection opened from now on has joined the
 * player's private channel (`private-universal.{id}`). The site joins it a
 * moment after each page load and does not re-read the wallet then, so a
 * balance change before the join would not reach the header: the tests
 * play after it.
 */
function channelJoined(page: Page, player: TestPlayer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page never joined its private realtime channel')), 20_000);
    const onSocket = (socket: WebSocket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('subscription_succeeded') && payload.includes(`private-universal.${player.user.id}"`)) {
          clearTimeout(timer);
          page.off('websocket', onSocket);
          resolve();
        }
      });
    };
    page.on('websocket', onSocket);
  });
}

/** The game frame of the page, once "Jogar"/"Play" (or the demo button) opened it. */
async function openFrame(page: Page, button: 'game-play-real' | 'game-play-demo'): Promise<FrameLocator> {
  await page.getByTestId(button).click();
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/sandbox-aggregator\/play\?token=/);
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('sandbox-play')).toBeVisible();
  return frame;
}

/** Presses the frame's play button and answers the aggregator's settled round. */
async function playOnce(page: Page, frame: FrameLocator): Promise<RoundAnswer> {
  const answered = page.waitForResponse((r: Response) => r.url().includes('/sandbox-aggregator/rounds') && r.request().method() === 'POST');
  await frame.getByTestId('sandbox-play').click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as RoundAnswer;
  // The round is over once the play button is live again (reels stopped, result written).
  await expect(frame.getByTestId('sandbox-play')).toHaveAttribute('aria-disabled', 'false');
  await expect(frame.getByTestId('sandbox-result')).not.toBeEmpty();
  return answer;
}

/** How far the frame's document is wider than its viewport (0: no sideways scrolling). */
function frameOverflow(frame: FrameLocator): Promise<number> {
  return frame.locator('html').evaluate((root) => root.scrollWidth - root.clientWidth);
}

for (const [locale, device, viewport] of [
  ['pt', 'phone', PHONE],
  ['en', 'desktop', DESKTOP],
] as const) {
  test(`${locale}, ${device}: a new player deposits, opens Tigre Dourado from the lobby, and the header balance follows every real-money spin`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const prefix = locale === 'en' ? '/en' : '';
    const money = (centavos: number) => squash(formatBRL(centavos, locale));
    await page.setViewportSize(viewport);
    const player = await fundedPlayer(request);
    await startLoggedIn(page, player);

    await page.goto(tenantUrl('localhost', `${prefix}/casino/games`));
    const joined = channelJoined(page, player);
    await page.locator('[data-testid="game-card"][data-gamecode="tigre-dourado"] a').first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}${TIGRE}$`));
    await joined;
    const header = page.getByTestId('header-balance');
    await expect.poll(async () => squash(await header.textContent())).toBe(money(10_000));

    const frame = await openFrame(page, 'game-play-real');
    // The frame speaks the page's language, is labelled a demo environment, plays real money and publishes its RTP.
    await expect(frame.locator('html')).toHaveAttribute('lang', locale === 'en' ? 'en' : 'pt-BR');
    await expect(frame.getByTestId('sandbox-badge')).toHaveText(locale === 'en' ? 'Demo environment — sandbox aggregator' : 'Ambiente de demonstração — agregador sandbox');
    await expect(frame.getByTestId('sandbox-mode')).toHaveText(locale === 'en' ? 'Real money' : 'Dinheiro real');
    await expect(frame.getByTestId('sandbox-rtp')).toHaveText(`RTP ${formatRtp(createEngine('slots', 9650).rtpPpm / 100, locale)}`);
    await expect(frame.getByTestId('sandbox-play')).toHaveText(locale === 'en' ? 'Spin' : 'Girar');
    const frameBalance = frame.getByTestId('sandbox-balance');
    await expect.poll(async () => squash(await frameBalance.textContent())).toBe(money(10_000));

    // R$ 2,00 a spin, typed in the page's own format.
    await frame.getByTestId('sandbox-stake').fill(locale === 'en' ? '2.00' : '2,00');
    let expected = 10_000;
    for (let spin = 0; spin < 4; spin++) {
      const answer = await playOnce(page, frame);
      expect(answer.round.stake).toBe(200);
      expected += answer.round.payout - answer.round.stake;
      expect(answer.balance).toBe(expected);
      // Both the frame and the platform's header show the wallet's balance after this spin.
      await expect.poll(async () => squash(await frameBalance.textContent())).toBe(money(expected));
      await expect.poll(async () => squash(await header.textContent())).toBe(money(expected));
    }
    if (locale === 'en') await expect(frame.getByTestId('sandbox-result')).toHaveText(/^(You won R\$\d+\.\d\d!|R\$\d+\.\d\d back on a R\$2\.00 stake\.|No win this time\.)$/);
    else await expect(frame.getByTestId('sandbox-result')).toHaveText(/^(Você ganhou R\$\s\d+,\d\d!|Retorno de R\$\s\d+,\d\d \(aposta de R\$\s2,00\)\.|Não foi desta vez\.)$/);

    // Screenshots at both sizes (the frame stays open across the resize), no sideways scrolling in the frame at 390 px.
    await page.screenshot({ path: `/tmp/aggregator-slots-${locale}-${device}.png` });
    await page.setViewportSize(device === 'phone' ? DESKTOP : PHONE);
    await expect(frame.getByTestId('sandbox-play')).toBeVisible();
    await page.screenshot({ path: `/tmp/aggregator-slots-${locale}-${device === 'phone' ? 'desktop' : 'phone'}.png` });
    await page.setViewportSize(PHONE);
    expect(await frameOverflow(frame)).toBe(0);
    await expect(frame.getByTestId('sandbox-play')).toBeInViewport();
  });
}

test('a guest opens the same slot in demo mode: demo label, demo credits, no wallet', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(tenantUrl('localhost', TIGRE));
  const frame = await openFrame(page, 'game-play-demo');
  await expect(frame.getByTestId('sandbox-mode')).toHaveText('Modo demonstração');
  await expect(frame.getByTestId('sandbox-badge')).toHaveText('Ambiente de demonstração — agregador sandbox');
  const balance = frame.getByTestId('sandbox-balance');
  await expect.poll(async () => squash(await balance.textContent())).toBe(squash(formatBRL(100_000, 'pt')));
  await expect(frame.getByText('Saldo demo')).toBeVisible();
  const answer = await playOnce(page, frame);
  expect(answer.balance).toBe(100_000 - answer.round.stake + answer.round.payout);
  await expect.poll(async () => squash(await balance.textContent())).toBe(squash(formatBRL(answer.balance, 'pt')));
  await expect(page.getByTestId('header-balance')).toBeHidden();
  expect(await frameOverflow(frame)).toBe(0);
  await page.screenshot({ path: '/tmp/aggregator-slots-pt-phone-demo.png' });
});

test('roulette, crash and a table game each play a real-money round, the header following', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const player = await fundedPlayer(request);
  await startLoggedIn(page, player);
  const header = page.getByTestId('header-balance');
  let expected = 10_000;
  const settle = async (frame: FrameLocator, answer: RoundAnswer) => {
    expected += answer.round.payout - answer.round.stake;
    expect(answer.balance).toBe(expected);
    await expect.poll(async () => squash(await frame.getByTestId('sandbox-balance').textContent())).toBe(squash(formatBRL(expected, 'en')));
    await expect.poll(async () => squash(await header.textContent())).toBe(squash(formatBRL(expected, 'en')));
  };

  // Roulette: R$ 1,00 chips on red and on 17.
  let joined = channelJoined(page, player);
  await page.goto(tenantUrl('localhost', '/en/casino/jaguar-live/roleta-ao-vivo'));
  await joined;
  let frame = await openFrame(page, 'game-play-real');
  await frame.getByRole('radio', { name: 'R$1.00' }).check();
  await frame.getByRole('button', { name: 'Red', exact: true }).click();
  await frame.getByRole('button', { name: 'Number 17, Black', exact: true }).click();
  await expect(frame.getByTestId('sandbox-total')).toHaveText('R$2.00');
  let answer = await playOnce(page, frame);
  const { pocket } = answer.round.outcome as { pocket: number };
  await expect(frame.getByTestId('sandbox-pocket')).toHaveText(String(pocket));
  await expect(frame.getByTestId('sandbox-result')).toContainText(`${pocket} `);
  await settle(frame, answer);
  await page.screenshot({ path: '/tmp/aggregator-roulette-en-desktop.png' });

  // Crash: cash out at 1.50×.
  joined = channelJoined(page, player);
  await page.goto(tenantUrl('localhost', '/en/casino/rota-crash/foguete'));
  await joined;
  frame = await openFrame(page, 'game-play-real');
  await frame.getByLabel('Cash out at').fill('1.50');
  answer = await playOnce(page, frame);
  const { crashPoint, cashedOut } = answer.round.outcome as { crashPoint: number; cashedOut: boolean };
  expect(cashedOut).toBe(crashPoint >= 150);
  await expect(frame.getByTestId('sandbox-crash-value')).toHaveText(`${(crashPoint / 100).toFixed(2)}×`);
  await settle(frame, answer);
  await page.screenshot({ path: '/tmp/aggregator-crash-en-desktop.png' });

  // Table (the card duel): back the tie.
  joined = channelJoined(page, player);
  await page.goto(tenantUrl('localhost', '/en/casino/jaguar-live/bacara-rapido'));
  await joined;
  frame = await openFrame(page, 'game-play-real');
  await frame.getByRole('radio', { name: /Tie/ }).check();
  answer = await playOnce(page, frame);
  const { winner } = answer.round.outcome as { winner: string };
  expect(answer.round.payout > 0).toBe(winner === 'tie');
  await expect(frame.getByTestId('sandbox-card-home')).not.toBeEmpty();
  await expect(frame.getByTestId('sandbox-card-away')).not.toBeEmpty();
  await settle(frame, answer);
  await page.screenshot({ path: '/tmp/aggregator-table-en-desktop.png' });
});
