import { createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxKeyFiles } from '../../../../server/features/sportsbook/config.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { capturingLogger } from '../../helpers/app.ts';
import { playerMaker } from '../../helpers/feature-harness.ts';
import { BRAND, makeClaims, settleTransaction, type SportsHarness, sportsHarness } from './harness.ts';

/*
 * The player's side (issue 16): the launch token, the betslip history, the
 * sports rows of the money history, and the site configuration's sportsbook.
 */

let h: SportsHarness;
beforeAll(async () => {
  h = await sportsHarness();
}, 60_000);
afterAll(() => h?.close());
afterEach(() => h.ledgerMatches());

const tokenOf = (gameUrl: string) => /#token=([\w-]+\.[\w-]+\.[\w-]+)$/.exec(gameUrl)![1]!;

describe('POST /games/launch/sport', () => {
  it('answers the widget page with an ES256 token in the fragment, claims as agreed', async () => {
    const { userId, token } = await h.player();
    await h.db.update(users).set({ name: 'Maria da Silva' }).where(eq(users.id, userId));
    const reply = await h.api('POST', '/games/launch/sport', token, {});
    expect(reply.status).toBe(200);
    const gameUrl = reply.body.gameUrl as string;
    expect(gameUrl).toMatch(/^\/widgetbetby#token=/);
    const publicKey = createPublicKey(await readFile(sandboxKeyFiles(h.config.dataDir).platformPublic));
    const { payload, protectedHeader } = await jwtVerify(tokenOf(gameUrl), publicKey, { algorithms: ['ES256'] });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ iss: 'sandbox-operator', aud: BRAND, sub: String(userId), name: 'Maria', lang: 'pt-br', currency: 'BRL', odds_format: 'decimal' });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.nbf).toBe(payload.iat);
    expect(typeof payload.jti).toBe('string');
  });

  it('follows the language asked for, else the request’s', async () => {
    const { token } = await h.player();
    expect((await h.api('POST', '/games/launch/sport', token, { lang: 'en' })).body.gameUrl).toMatch(/^\/en\/widgetbetby#token=/);
    expect((await h.api('POST', '/games/launch/sport', token, undefined, { 'accept-language': 'en-US' })).body.gameUrl).toMatch(/^\/en\/widgetbetby#/);
    expect((await h.api('POST', '/games/launch/sport', token, { lang: 'xx' })).status).toBe(422);
  });

  it('refuses guests (401), self-excluded players (403 with the dates) and tenants without sports (404)', async () => {
    expect((await h.api('POST', '/games/launch/sport', null, {})).status).toBe(401);
    const { userId, token } = await h.player();
    await h.db.update(users).set({ selfExclusionStartAt: new Date(Date.now() - 1000), selfExclusionEndAt: new Date(Date.now() + 86_400_000) }).where(eq(users.id, userId));
    const excluded = await h.api('POST', '/games/launch/sport', token, {});
    expect(excluded.status).toBe(403);
    expect(excluded.body).toMatchObject({ selfExcluded: true });
    expect(typeof excluded.body.message).toBe('string');
    expect((await h.api('POST', '/games/launch/sport', null, {}, { host: 'sorte.localhost' })).status).toBe(401);
    const sorteTenant = (await findTenantByDomain(h.db, 'sorte.localhost'))!;
    const sortePlayer = await playerMaker(h.db)({ id: sorteTenant.id, casinoId: sorteTenant.id, host: 'sorte.localhost', key: '' }, { username: '+5511955550001' });
    const unavailable = await h.api('POST', '/games/launch/sport', sortePlayer.token, {}, { host: 'sorte.localhost' });
    expect(unavailable.status).toBe(404);
    expect(unavailable.body).toMatchObject({ message: 'Esportes indisponíveis neste site.' });
  });

  it('never writes the token to the request log', async () => {
    const { log, lines } = capturingLogger('debug');
    const { createApp } = await import('../../../../server/app.ts');
    const { fakeSiteBuilder } = await import('../../helpers/app.ts');
    const app = createApp({ db: h.db, config: h.config, sites: fakeSiteBuilder(), logger: log, sportsbook: h.sportsbook });
    const { token } = await h.player();
    const res = await app.request('/api/games/launch/sport', { method: 'POST', headers: { host: 'localhost', authorization: `Bearer ${token}` } });
    const jwt = tokenOf(((await res.json()) as { gameUrl: string }).gameUrl);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(jwt.split('.')[2]);
  });
});

describe('GET /sports/bets and the money history', () => {
  it('lists the player’s betslips with selections, newest first, and the sports rows in /wallet/transactions', async () => {
    const { userId, token } = await h.player(10_000);
    const single = makeClaims(userId, { amount: 1000 });
    const made = await h.call('bet/make', single);
    await h.call('bet/win', { amount: 2000, currency: 'BRL', bet_transaction_id: made.body.id, transaction: settleTransaction(userId, single.betslip.id, 'win', 2000) });
    const multiple = makeClaims(userId, { amount: 500, selections: 3 });
    await h.call('bet/make', multiple);
    const page = await h.api('GET', '/sports/bets?page=1', token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, perPage: 20, total: 2 });
    const items = page.body.items as Array<Record<string, unknown>>;
    expect(items[0]).toMatchObject({ betslipId: multiple.betslip.id, type: 'multiple', stake: 500, status: 'open', payout: 0, settledAt: null });
    expect(items[0]!.selections).toHaveLength(3);
    expect(items[1]).toMatchObject({ betslipId: single.betslip.id, type: 'single', stake: 1000, status: 'won', payout: 2000, potentialWin: 2000 });
    expect((items[1]!.selections as unknown[])[0]).toEqual({ eventName: 'Flamengo vs Palmeiras', sportName: 'Futebol', tournamentName: 'Brasileirão Série A', marketName: 'Resultado final', outcomeName: 'Flamengo', odds: '2.00', live: false });
    const other = await h.player();
    expect((await h.api('GET', '/sports/bets', other.token)).body).toMatchObject({ total: 0, items: [] });
    expect((await h.api('GET', '/sports/bets', null)).status).toBe(401);
    expect((await h.api('GET', '/sports/bets?page=0', token)).status).toBe(422);
    const money = await h.api('GET', '/wallet/transactions', token);
    const types = (money.body.data as Array<{ type: string }>).map((r) => r.type);
    expect(types).toEqual(['sports_bet', 'sports_win', 'sports_bet', 'deposit']);
  });
});

describe('site configuration', () => {
  it('tells the site whether the tenant has sports and which script to load', async () => {
    const local = await h.app.request('/api/site-config', { headers: { host: 'localhost' } });
    expect(((await local.json()) as { sportsbook: unknown }).sportsbook).toEqual({ available: true, scriptUrl: '/sandbox-sportsbook/renderer.js', brandId: BRAND, provider: 'sandbox' });
    const sorte = await h.app.request('/api/site-config', { headers: { host: 'sorte.localhost' } });
    expect(((await sorte.json()) as { sportsbook: unknown; hasSports: boolean }).sportsbook).toEqual({ available: false, scriptUrl: null, brandId: null, provider: 'sandbox' });
  });
});
