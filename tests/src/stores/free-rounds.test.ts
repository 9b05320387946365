// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fakeApi, signedInForEachTest } from './auth-fake-api.ts';

/** Free rounds on the site: the list from GET /bonuses/coupons, what the play page counts, and a free round played (count down, win as bonus). */
signedInForEachTest();

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const grant = (over: Record<string, unknown> = {}) => ({ id: 1, game: 'dice', rounds: 3, rounds_left: 3, stake: 100, rollover_multiplier: 2, expires_at: future(7), coupon: 'GIRA3', ...over });
const ROUND = {
  id: 9,
  game: 'dice',
  demo: false,
  amount: 100,
  payout: 101,
  multiplier: 10102,
  params: { target: 9800, direction: 'under' },
  outcome: { game: 'dice', roll: 1234 },
  server_seed_hash: 'a'.repeat(64),
  client_seed: 'c',
  nonce: 0,
  server_seed: null,
  created_at: '2026-11-26T12:00:00.000Z',
};

describe('free rounds store', () => {
  it('counts the live rounds of a game (expired and other games left out), soonest expiry first', async () => {
    fakeApi({
      'GET /bonuses/coupons': () => ({
        json: {
          data: [],
          redemptions: [],
          free_rounds: [grant({ id: 1, expires_at: future(7) }), grant({ id: 2, rounds_left: 2, stake: 50, expires_at: future(1) }), grant({ id: 3, game: 'limbo' }), grant({ id: 4, expires_at: future(-1) })],
        },
      }),
    });
    const f = await import('../../../src/stores/free-rounds.ts');
    await f.loadFreeRounds();
    expect(f.liveGrants(f.$freeRounds.get()).map((g) => g.id)).toEqual([1, 2, 3]);
    expect(f.freeRoundsOf(f.$freeRounds.get(), 'dice')).toMatchObject({ count: 5, stake: 50 });
    expect(f.freeRoundsOf(f.$freeRounds.get(), 'plinko')).toBeNull();
  });

  it('plays a free round: sends free_round with the params (no stake), the count follows the answer, the win and the wallet after the reveal', async () => {
    const { calls } = fakeApi({
      'GET /bonuses/coupons': () => ({ json: { data: [], redemptions: [], free_rounds: [grant({ rounds_left: 1 })] } }),
      'POST /house/dice/play': () => ({
        json: {
          round: ROUND,
          wallet: { balance: 101, balance_withdrawal: 0, deposit_count: 0 },
          free_round: { grant: grant({ rounds_left: 0 }), bonus: { id: 5, amount: 101, rollover_required: 202 } },
        },
      }),
    });
    const f = await import('../../../src/stores/free-rounds.ts');
    const h = await import('../../../src/stores/house.ts');
    const w = await import('../../../src/stores/wallet.ts');
    await f.loadFreeRounds();
    h.setMode('real');
    h.setAmountText('abc'); // the typed stake does not matter for a free round
    const round = await h.playFree();
    expect(round).toEqual(ROUND);
    const play = calls.find((c) => c.path.endsWith('/house/dice/play'))!;
    expect(play.body).toEqual({ free_round: true, params: { target: 5000, direction: 'under' } });
    expect(f.freeRoundsOf(f.$freeRounds.get(), 'dice')).toBeNull();
    expect(h.$play.get().status).toBe('revealing');
    h.finishReveal(ROUND.id);
    expect(h.$freeRoundPlayed.get()).toEqual({ roundId: 9, bonus: 101 });
    expect(w.$wallet.get()).toMatchObject({ balance: 101, balance_withdrawal: 0 });
  });

  it('a 409 (none left) forgets the game\'s rounds and shows the platform\'s words', async () => {
    fakeApi({
      'GET /bonuses/coupons': () => ({ json: { data: [], redemptions: [], free_rounds: [grant()] } }),
      'POST /house/dice/play': () => ({ status: 409, json: { code: 'no_free_rounds', message: 'Você não tem rodadas grátis deste jogo.' } }),
    });
    const f = await import('../../../src/stores/free-rounds.ts');
    const h = await import('../../../src/stores/house.ts');
    await f.loadFreeRounds();
    h.setMode('real');
    expect(await h.playFree()).toBeNull();
    expect(f.freeRoundsOf(f.$freeRounds.get(), 'dice')).toBeNull();
    expect(h.$play.get()).toEqual({ status: 'failed', message: { text: 'Você não tem rodadas grátis deste jogo.' } });
  });
});
