import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '../../../../src/contract/casino.ts';
import { gameLikes, games } from '../../../../server/db/schema.ts';
import { forgetCatalogue } from '../../../../server/features/casino/catalogue-cache.ts';
import { launchGame } from '../../../../server/features/casino/launch.ts';
import { type GameLauncher, type LaunchInput, launcherRegistry } from '../../../../server/features/casino/providers.ts';
import { casinoHarness, type CasinoHarness, SORTE } from './helpers.ts';

let h: CasinoHarness;
let ana: string;
let bia: string;
beforeAll(async () => {
  // alpha has no aggregator (the maintenance state); beta and gamma are the sandbox aggregator's (the default).
  h = await casinoHarness({ env: { GAME_PROVIDER_AGGREGATORS: 'alpha:none' } });
  ana = await h.player('+5511987650001');
  bia = await h.player('+5511987650002');
}, 60_000);
afterAll(() => h.close());

const id = (n: number) => h.ids.get(n)!;

describe('POST /games/get and /games/getRelated', () => {
  it('finds a game by gamecode and provider code ignoring case', async () => {
    const r = await h.call('POST', '/games/get', { host: SORTE, body: { game_id: 'GAME-21', provider_code: 'Beta' } });
    expect(r.status).toBe(200);
    expect((r.body.game as GameView).id).toBe(id(21));
    expect((r.body.game as GameView).provider_name).toBe('Beta Ação');
  });

  it('answers 404 with a clear message in the caller’s language for an unknown pair', async () => {
    const pt = await h.call('POST', '/games/get', { host: SORTE, body: { game_id: 'game-21', provider_code: 'alpha' } });
    expect(pt).toMatchObject({ status: 404, body: { message: 'Jogo não encontrado.' } });
    const en = await h.call('POST', '/games/get', { host: SORTE, lang: 'en', body: { game_id: 'nope', provider_code: 'beta' } });
    expect(en).toMatchObject({ status: 404, body: { message: 'Game not found.' } });
    const other = await h.call('POST', '/games/get', { host: 'localhost', body: { game_id: 'game-21', provider_code: 'beta' } });
    expect(other.status).toBe(404);
  });

  it('refuses a body without the fields with 422', async () => {
    const r = await h.call('POST', '/games/get', { host: SORTE, body: { game_id: '' } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors as object).sort()).toEqual(['game_id', 'provider_code']);
  });

  it('lists related games: same category first, then same provider, never the game itself, at most 12', async () => {
    // game-22 (beta, live): live-casino games 21, 23, 24 first, then beta's tables 25–27.
    const r = await h.call('POST', '/games/getRelated', { host: SORTE, body: { game_id: 'game-22', provider_code: 'beta' } });
    expect(r.status).toBe(200);
    expect((r.body.related_games as GameView[]).map((g) => g.gamecode)).toEqual(['game-21', 'game-23', 'game-24', 'game-25', 'game-26', 'game-27']);
    const slots = await h.call('POST', '/games/getRelated', { host: SORTE, body: { game_id: 'game-1', provider_code: 'alpha' } });
    const related = slots.body.related_games as GameView[];
    expect(related).toHaveLength(12);
    expect(related.map((g) => g.gamecode)).not.toContain('game-1');
    const missing = await h.call('POST', '/games/getRelated', { host: SORTE, body: { game_id: 'x', provider_code: 'alpha' } });
    expect(missing.status).toBe(404);
  });
});

describe('likes and favorites', () => {
  it('toggles a like and answers the action and the total, per caller', async () => {
    const liked = await h.call('POST', `/games/like/${id(5)}`, { host: SORTE, token: ana });
    expect(liked).toMatchObject({ status: 200, body: { action: true, totalLikes: 1 } });
    expect((await h.call('POST', `/games/like/${id(5)}`, { host: SORTE, token: bia })).body).toEqual({ action: true, totalLikes: 2 });
    expect((await h.call('POST', `/games/like/${id(5)}`, { host: SORTE, token: ana })).body).toEqual({ action: false, totalLikes: 1 });

    const forBia = await h.call('POST', '/games/get', { host: SORTE, token: bia, body: { game_id: 'game-5', provider_code: 'alpha' } });
    expect(forBia.body.game).toMatchObject({ hasLike: true, totalLikes: 1 });
    const forAna = await h.call('POST', '/games/get', { host: SORTE, token: ana, body: { game_id: 'game-5', provider_code: 'alpha' } });
    expect(forAna.body.game).toMatchObject({ hasLike: false, totalLikes: 1 });
    const forGuest = await h.call('POST', '/games/get', { host: SORTE, body: { game_id: 'game-5', provider_code: 'alpha' } });
    expect(forGuest.body.game).toMatchObject({ hasLike: false, hasFavorite: false, totalLikes: 1 });
    await h.call('POST', `/games/like/${id(5)}`, { host: SORTE, token: bia });
  });

  it('keeps the count right under concurrent toggles', async () => {
    const answers = await Promise.all(Array.from({ length: 7 }, () => h.call('POST', `/games/like/${id(6)}`, { host: SORTE, token: ana })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Seven toggles by one player, one after the other: on, off, … on.
    expect(answers.filter((a) => a.body.action === true)).toHaveLength(4);
    expect(answers.filter((a) => a.body.action === false)).toHaveLength(3);
    const rows = await h.db.select().from(gameLikes).where(eq(gameLikes.gameId, id(6)));
    expect(rows).toHaveLength(1);
    const many = await Promise.all([ana, bia].map((token) => h.call('POST', `/games/like/${id(7)}`, { host: SORTE, token })));
    expect(many.map((m) => m.body.action)).toEqual([true, true]);
    const after = await h.call('POST', '/games/get', { host: SORTE, body: { game_id: 'game-7', provider_code: 'alpha' } });
    expect(after.body.game).toMatchObject({ totalLikes: 2 });
  });

  it('toggles a favorite and lists favorites newest first with the total', async () => {
    expect((await h.call('POST', `/games/favorite/${id(8)}`, { host: SORTE, token: ana })).body).toEqual({ action: true });
    expect((await h.call('POST', `/games/favorite/${id(9)}`, { host: SORTE, token: ana })).body).toEqual({ action: true });
    expect((await h.call('POST', `/games/favorite/${id(10)}`, { host: SORTE, token: ana })).body).toEqual({ action: true });
    expect((await h.call('POST', `/games/favorite/${id(10)}`, { host: SORTE, token: ana })).body).toEqual({ action: false });
    const list = await h.call('GET', '/profile/favorites', { host: SORTE, token: ana });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect((list.body.data as GameView[]).map((g) => [g.gamecode, g.hasFavorite])).toEqual([
      ['game-9', true],
      ['game-8', true],
    ]);
    expect((await h.call('GET', '/profile/favorites', { host: SORTE, token: bia })).body).toMatchObject({ data: [], total: 0 });
    const inList = await h.call('GET', '/casinos/games?searchTerm=Game%208', { host: SORTE, token: ana });
    expect((inList.body.data as GameView[])[0]).toMatchObject({ gamecode: 'game-8', hasFavorite: true });
  });

  it('needs a player: guests get 401', async () => {
    for (const path of [`/games/like/${id(1)}`, `/games/favorite/${id(1)}`]) {
      expect((await h.call('POST', path, { host: SORTE })).status).toBe(401);
      expect((await h.call('POST', path, { host: SORTE, headers: { 'guest-id': 'guest-abcdefgh1234' } })).status).toBe(401);
    }
    expect((await h.call('GET', '/profile/favorites', { host: SORTE })).status).toBe(401);
    expect((await h.call('GET', '/games/recent', { host: SORTE })).status).toBe(401);
  });

  it('validates the game id of the path: 422 when not a positive integer, 404 when unknown or another site’s', async () => {
    for (const bad of ['0', '-3', 'abc', '1.5', '99999999999']) {
      const r = await h.call('POST', `/games/like/${bad}`, { host: SORTE, token: ana });
      expect(r.status, bad).toBe(422);
      expect(r.body.errors).toHaveProperty('gameId');
    }
    expect((await h.call('POST', '/games/favorite/2147483647', { host: SORTE, token: ana })).status).toBe(404);
    const [localGame] = await h.db.select({ id: games.id }).from(games).where(eq(games.tenantId, h.tenants.local)).limit(1);
    const foreign = await h.call('POST', `/games/like/${localGame!.id}`, { host: SORTE, token: ana });
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Jogo não encontrado.' } });
  });

  it('hides a deactivated game from likes and lists', async () => {
    // Written by hand, as no service hides one game: tell the lobby's cached catalogue, as a service would.
    await h.db.update(games).set({ active: false }).where(and(eq(games.id, id(30))));
    forgetCatalogue(h.tenants.sorte);
    expect((await h.call('POST', `/games/like/${id(30)}`, { host: SORTE, token: ana })).status).toBe(404);
    expect((await h.call('GET', '/casinos/games?provider=gamma', { host: SORTE })).body.total).toBe(2);
    await h.db.update(games).set({ active: true }).where(and(eq(games.id, id(30))));
    forgetCatalogue(h.tenants.sorte);
  });
});

describe('POST /games/url and recent games', () => {
  it('launches a house game for real for a player and in demo for anyone', async () => {
    const player = await h.call('POST', '/games/url', { body: { game_id: 'dice', provider_code: 'house' }, token: undefined });
    expect(player.status).toBe(401);
    expect(player.body.message).toBe('Faça login para jogar com dinheiro real.');
    const demo = await h.call('POST', '/games/url', { body: { game_id: 'Dice', provider_code: 'HOUSE', demo: true } });
    expect(demo).toMatchObject({ status: 200, body: { gameUrl: '/casino/play?game=dice&mode=demo' } });
  });

  it('gives a player the real-money URL and counts a view, but a launch alone is not a recent game', async () => {
    const { registerPlayer } = await import('../auth/helpers.ts');
    const { token } = await registerPlayer(h, '+5511987650004');
    const before = await h.db.select({ views: games.views }).from(games).where(and(eq(games.tenantId, h.tenants.local), eq(games.gamecode, 'limbo')));
    const r = await h.call('POST', '/games/url', { token, body: { game_id: 'limbo', provider_code: 'house', demo: false } });
    expect(r).toMatchObject({ status: 200, body: { gameUrl: '/casino/play?game=limbo&mode=real' } });
    const after = await h.db.select({ views: games.views }).from(games).where(and(eq(games.tenantId, h.tenants.local), eq(games.gamecode, 'limbo')));
    expect(after[0]!.views).toBe(before[0]!.views + 1);
    await h.call('POST', '/games/url', { token, body: { game_id: 'plinko', provider_code: 'house', demo: true } });
    // Opened and left: nothing was played, so "Jogado por último" has nothing to show.
    expect((await h.call('GET', '/games/recent?page=1', { token })).body).toMatchObject({ data: [], total: 0 });
  });

  it('lists a game as recent once the player placed a round in it (real or demo), newest round first', async () => {
    const { registerPlayer } = await import('../auth/helpers.ts');
    const { token } = await registerPlayer(h, '+5511987650005');
    const play = (game: string, params: unknown, demo = true) => h.call('POST', `/house/${game}/play`, { token, body: { amount: 100, demo, params } });
    expect((await play('plinko', { rows: 8, risk: 'low' })).status).toBe(200);
    expect((await play('dice', { target: 5000, direction: 'under' })).status).toBe(200);
    expect((await play('limbo', { target: 20000 })).status).toBe(200);
    expect((await play('dice', { target: 5000, direction: 'over' })).status).toBe(200);
    // A real-money round refused for lack of funds is no round: plinko stays where it was.
    expect((await play('plinko', { rows: 8, risk: 'low' }, false)).status).toBe(422);
    const recent = await h.call('GET', '/games/recent?page=1', { token });
    expect((recent.body.data as GameView[]).map((g) => g.gamecode)).toEqual(['dice', 'limbo', 'plinko']);
    expect(recent.body).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
  });

  it('records an aggregator game by gamecode or by the provider’s game_id, and ignores a game the catalogue does not know', async () => {
    const { recordPlayed } = await import('../../../../server/features/casino/played.ts');
    const { registerPlayer } = await import('../auth/helpers.ts');
    const { token, user } = await registerPlayer(h, '+5511987650006', { host: SORTE });
    const userId = user.id as number;
    await recordPlayed(h.db, { tenantId: h.tenants.sorte, userId, providerCode: 'alpha', game: 'game-7' });
    await recordPlayed(h.db, { tenantId: h.tenants.sorte, userId, providerCode: 'Beta', game: 'g21' });
    await recordPlayed(h.db, { tenantId: h.tenants.sorte, userId, providerCode: 'alpha', game: 'no-such-game' });
    await recordPlayed(h.db, { tenantId: h.tenants.sorte, userId, providerCode: 'beta', game: 'game-7' });
    const recent = await h.call('GET', '/games/recent', { host: SORTE, token });
    expect((recent.body.data as GameView[]).map((g) => g.gamecode)).toEqual(['game-21', 'game-7']);
  });

  it('lists an aggregator game as recent from the player’s first bet through the seamless wallet, not from its launch', async () => {
    const { createSeamlessWallet } = await import('../../../../server/features/casino/provider-wallet/service.ts');
    const { applyMovement } = await import('../../../../server/features/wallet/movement.ts');
    const { registerPlayer } = await import('../auth/helpers.ts');
    const { token, user } = await registerPlayer(h, '+5511987650007', { host: SORTE });
    const player = { tenantId: h.tenants.sorte, userId: user.id as number };
    await applyMovement(h.db, { ...player, type: 'deposit', amount: 10_000, reference: 'recent-dep-1' });
    const alpha = launcherRegistry({ code: 'alpha', launchUrl: () => Promise.resolve('https://alpha.example/play') });
    await launchGame(h.db, alpha, { tenantId: h.tenants.sorte, tenantDomain: SORTE, gamecode: 'game-8', providerCode: 'alpha', userId: player.userId, demo: false, locale: 'pt' });
    expect((await h.call('GET', '/games/recent', { host: SORTE, token })).body.total).toBe(0);
    const wallet = createSeamlessWallet(h.db, 'alpha');
    await wallet.bet(player, { roundId: 'recent-r1', transactionId: 'recent-t1', amount: 100, game: 'Game 8', gameId: 'g8' });
    const recent = await h.call('GET', '/games/recent', { host: SORTE, token });
    expect((recent.body.data as GameView[]).map((g) => g.gamecode)).toEqual(['game-8']);
  });

  it('opens the house game in the page’s language: `lang`, else Accept-Language; another `lang` is refused', async () => {
    const byLang = await h.call('POST', '/games/url', { body: { game_id: 'dice', provider_code: 'house', demo: true, lang: 'en' } });
    expect(byLang).toMatchObject({ status: 200, body: { gameUrl: '/en/casino/play?game=dice&mode=demo' } });
    const byHeader = await h.call('POST', '/games/url', { lang: 'en', body: { game_id: 'dice', provider_code: 'house', demo: true } });
    expect(byHeader.body.gameUrl).toBe('/en/casino/play?game=dice&mode=demo');
    // The body wins over the header: a Portuguese page in an English browser stays Portuguese.
    const ptPage = await h.call('POST', '/games/url', { lang: 'en', body: { game_id: 'dice', provider_code: 'house', demo: true, lang: 'pt' } });
    expect(ptPage.body.gameUrl).toBe('/casino/play?game=dice&mode=demo');
    const bad = await h.call('POST', '/games/url', { body: { game_id: 'dice', provider_code: 'house', demo: true, lang: 'fr' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object)).toEqual(['lang']);
  });

  it('forces demo for only_demo games and answers 503 (maintenance) for a provider mapped to no aggregator', async () => {
    // game-3 is only_demo; alpha is mapped to `none` (no launcher): maintenance, and no view or recent is recorded.
    const r = await h.call('POST', '/games/url', { host: SORTE, token: ana, body: { game_id: 'game-3', provider_code: 'alpha' } });
    expect(r).toMatchObject({ status: 503, body: { message: 'Este jogo está em manutenção. Tente novamente mais tarde.' } });
    const guestOnlyDemo = await h.call('POST', '/games/url', { host: SORTE, body: { game_id: 'game-3', provider_code: 'alpha' } });
    expect(guestOnlyDemo.status).toBe(503);
    const guestReal = await h.call('POST', '/games/url', { host: SORTE, body: { game_id: 'game-4', provider_code: 'alpha' } });
    expect(guestReal.status).toBe(401);
    expect((await h.call('GET', '/games/recent', { host: SORTE, token: ana })).body.total).toBe(0);
    const missing = await h.call('POST', '/games/url', { host: SORTE, body: { game_id: 'nope', provider_code: 'alpha', demo: true } });
    expect(missing.status).toBe(404);
  });

  it('launches every other provider’s games through the sandbox aggregator: a signed session at /sandbox-aggregator/play', async () => {
    const real = await h.call('POST', '/games/url', { host: SORTE, token: ana, lang: 'en', body: { game_id: 'game-22', provider_code: 'beta' } });
    expect(real.status).toBe(200);
    const url = new URL(real.body.gameUrl as string, 'http://sorte.localhost');
    expect(url.pathname).toBe('/sandbox-aggregator/play');
    const [, payload] = url.searchParams.get('token')!.split('.');
    const session = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(session).toMatchObject({ tenant: SORTE, provider: 'beta', providerName: 'Beta Ação', gamecode: 'game-22', gameId: 'g22', kind: 'table', demo: false, locale: 'en', rtpBps: 9650 });
    expect(session.player).toEqual(expect.any(Number));
    const crash = await h.call('POST', '/games/url', { host: SORTE, body: { game_id: 'game-28', provider_code: 'gamma', demo: true } });
    expect(crash.status).toBe(200);
    const guest = JSON.parse(Buffer.from(new URL(crash.body.gameUrl as string, 'http://x').searchParams.get('token')!.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(guest).toMatchObject({ provider: 'gamma', kind: 'crash', demo: true, player: null, locale: 'pt' });
  });

  it('hands a registered launcher demo mode for only_demo games, even to a guest, and demo=false otherwise', async () => {
    const seen: LaunchInput[] = [];
    const alpha: GameLauncher = {
      code: 'alpha',
      launchUrl: (input) => {
        seen.push(input);
        return Promise.resolve(`https://alpha.example/play/${input.game.gameId}?demo=${input.demo}`);
      },
    };
    const launchers = launcherRegistry(alpha);
    const guest = await launchGame(h.db, launchers, { tenantId: h.tenants.sorte, tenantDomain: SORTE, gamecode: 'game-3', providerCode: 'alpha', userId: null, demo: false, locale: 'en' });
    expect(guest.gameUrl).toBe('https://alpha.example/play/g3?demo=true');
    const real = await launchGame(h.db, launchers, { tenantId: h.tenants.sorte, tenantDomain: SORTE, gamecode: 'game-4', providerCode: 'alpha', userId: null, demo: true, locale: 'pt' });
    expect(real.gameUrl).toBe('https://alpha.example/play/g4?demo=true');
    expect(seen.map((s) => [s.game.gamecode, s.demo, s.userId, s.locale])).toEqual([
      ['game-3', true, null, 'en'],
      ['game-4', true, null, 'pt'],
    ]);
    const failing = launcherRegistry({ code: 'alpha', launchUrl: () => Promise.reject(new Error('provider down')) });
    await expect(launchGame(h.db, failing, { tenantId: h.tenants.sorte, tenantDomain: SORTE, gamecode: 'game-4', providerCode: 'alpha', userId: null, demo: true, locale: 'pt' })).rejects.toMatchObject({
      status: 503,
    });
  });
});
