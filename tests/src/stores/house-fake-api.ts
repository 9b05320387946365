import type { FairnessState, HouseRoundView, RevealedSeed, VerifyAnswer } from '../../../src/contract/casino.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import { type Call, fakeApi } from './auth-fake-api.ts';

/**
 * A fake platform for the house-game stores. Answers are scripted by the
 * test (`next*`), so the stores can be shown to display exactly what the
 * platform answered — even answers no real outcome rule would produce.
 */
export interface HousePlatform {
  calls: Call[];
  fairness: FairnessState;
  rounds: HouseRoundView[];
  /** What the next play answers (round fields over a default round). */
  nextRound: Partial<HouseRoundView>;
  wallet: WalletView | null;
  refusePlay: { status: number; json: unknown } | null;
  verifyAnswer: VerifyAnswer;
  stored: Record<number, HouseRoundView>;
}

export const HASH_A = 'a'.repeat(64);
export const HASH_B = 'b'.repeat(64);

export function round(fields: Partial<HouseRoundView> = {}): HouseRoundView {
  return {
    id: 1,
    game: 'dice',
    demo: true,
    amount: 100,
    payout: 0,
    multiplier: 0,
    params: { target: 5000, direction: 'under' },
    outcome: { game: 'dice', roll: 7777 },
    server_seed_hash: HASH_A,
    client_seed: 'lucky',
    nonce: 0,
    server_seed: null,
    created_at: '2026-11-22T03:00:00.000Z',
    ...fields,
  };
}

export function housePlatform(): HousePlatform {
  let nextId = 100;
  const state: Omit<HousePlatform, 'calls'> = {
    fairness: { server_seed_hash: HASH_A, client_seed: 'lucky', nonce: 0 },
    rounds: [],
    nextRound: {},
    wallet: null,
    refusePlay: null,
    verifyAnswer: { outcome: { game: 'dice', roll: 1234 }, multiplier: 19800, server_seed_hash: HASH_A },
    stored: {},
  };
  const rotate = (clientSeed?: string) => {
    const revealed: RevealedSeed = { server_seed: 'seed-a', server_seed_hash: state.fairness.server_seed_hash, client_seed: state.fairness.client_seed, rounds: state.fairness.nonce };
    state.fairness = { server_seed_hash: HASH_B, client_seed: clientSeed ?? state.fairness.client_seed, nonce: 0 };
    return { json: { revealed, active: state.fairness } };
  };
  const play = (game: string) => (body: unknown) => {
    if (state.refusePlay) return state.refusePlay;
    const { amount, demo, params } = body as { amount: number; demo: boolean; params: HouseRoundView['params'] };
    const answer = round({ id: nextId++, game: game as HouseRoundView['game'], amount, demo, params, nonce: state.fairness.nonce, server_seed_hash: state.fairness.server_seed_hash, client_seed: state.fairness.client_seed, ...state.nextRound });
    state.fairness = { ...state.fairness, nonce: state.fairness.nonce + 1 };
    return { json: demo || !state.wallet ? { round: answer } : { round: answer, wallet: state.wallet } };
  };
  const { calls } = fakeApi({
    'GET /house/fairness': () => ({ json: state.fairness }),
    'POST /house/fairness/client-seed': (body) => rotate((body as { client_seed: string }).client_seed),
    'POST /house/fairness/rotate': () => {
      for (const stored of Object.values(state.stored)) if (stored.server_seed === null) stored.server_seed = 'seed-a';
      return rotate();
    },
    'POST /house/dice/play': play('dice'),
    'POST /house/limbo/play': play('limbo'),
    'POST /house/plinko/play': play('plinko'),
    'GET /house/rounds': () => ({ json: { data: state.rounds, current_page: 1, last_page: 1, total: state.rounds.length } }),
    'GET /house/rounds/1': () => (state.stored[1] ? { json: state.stored[1] } : { status: 404, json: { message: 'Rodada não encontrada.' } }),
    'GET /house/rounds/2': () => (state.stored[2] ? { json: state.stored[2] } : { status: 404, json: { message: 'Rodada não encontrada.' } }),
    'POST /house/verify': () => ({ json: state.verifyAnswer }),
  });
  return Object.assign(state, { calls });
}
