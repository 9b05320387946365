import { randomBytes } from 'node:crypto';
import type { Logger } from '../../../../logger.ts';
import type { DemoBalances } from './demo-balances.ts';
import { createEngine } from './engines/index.ts';
import type { EngineKind, Rng, SandboxEngine } from './engines/types.ts';
import type { OwedCalls } from './owed-calls.ts';
import { isSandboxRefusalCode, SandboxRefusal } from './refusals.ts';
import type { LaunchSession } from './session.ts';
import type { WalletClient, WalletOutcome, WalletTarget } from './wallet-client.ts';

/** Centavos a round's stake must lie within (R$ 0,10 to R$ 1.000,00), whatever the game. */
export const STAKE_LIMITS = { minStake: 10, maxStake: 100_000 } as const;

/** A played round as the game page shows it. */
export interface PlayedRound {
  id: string;
  kind: EngineKind;
  stake: number;
  payout: number;
  outcome: unknown;
  /** The win exceeded the game's cap: the platform holds it for an operator's review (not in the balance yet). */
  held?: true;
  /** The platform did not answer the win: the sandbox owes it and keeps sending it; the balance does not show it yet. */
  payoutPending?: true;
}

export interface RoundAnswer {
  round: PlayedRound;
  /** The player's balance after the round, centavos. */
  balance: number;
}

export interface RoundDeps {
  wallet: WalletClient;
  owed: OwedCalls;
  demo: DemoBalances;
  rng: () => Rng;
  log?: Logger;
}

const targetOf = (session: LaunchSession): WalletTarget => ({ tenant: session.tenant, provider: session.provider, locale: session.locale });

/** The engine of a session's game. */
export const engineOf = (session: LaunchSession): SandboxEngine => createEngine(session.kind, session.rtpBps);

/** A refusal of the platform's wallet as the game page is told it. */
function refusalOf(outcome: Exclude<WalletOutcome, { kind: 'ok' }>): SandboxRefusal {
  if (outcome.kind === 'unreachable') return new SandboxRefusal('wallet_unavailable');
  if (['insufficient_funds', 'betting_suspended', 'player_self_excluded'].includes(outcome.error) && isSandboxRefusalCode(outcome.error)) return new SandboxRefusal(outcome.error);
  // Another player-facing refusal (a responsible-gaming limit…): its code and the platform's own message, already in the player's language.
  if (outcome.status === 403 || outcome.status === 422) {
    return new SandboxRefusal('wallet_refused', { code: outcome.error, status: outcome.status, texts: { pt: outcome.message, en: outcome.message } });
  }
  return new SandboxRefusal('wallet_refused');
}

/**
 * The player's balance: the wallet's `balance` call for real money, the
 * demo credits otherwise.
 * @throws SandboxRefusal wallet_unavailable (no answer), wallet_refused.
 */
export async function sessionBalance(deps: RoundDeps, session: LaunchSession): Promise<number> {
  if (session.demo || session.player === null) return deps.demo.balance(session.sid);
  const answer = await deps.wallet.call(targetOf(session), { action: 'balance', player_id: session.player });
  if (answer.kind !== 'ok') throw refusalOf(answer);
  return answer.balance;
}

/**
 * Plays one round of the session's game for `stake` centavos with the
 * player's `params`.
 * - Demo: the stake and payout move the session's demo credits only.
 * - Real money, as an aggregator does: a `bet` wallet call (new round id,
 *   transaction `{round}:bet`), the engine, then a `win` call
 *   (`{round}:win`, 0 for a loss: it settles the round). Each call is
 *   retried with the same transaction id after a timeout, a connection
 *   error or a 5xx. A bet that never got an answer is rolled back (owed,
 *   persisted): the player may have been charged, and the rollback gives it
 *   back; a win that never got an answer is owed and sent until the
 *   platform acknowledges it.
 * @throws SandboxRefusal invalid_stake, invalid_params, insufficient_funds,
 *   betting_suspended, player_self_excluded, wallet_unavailable (the bet
 *   was not taken, or is being rolled back), wallet_refused.
 */
export async function playRound(deps: RoundDeps, session: LaunchSession, input: { stake: number; params: unknown }): Promise<RoundAnswer> {
  const { stake } = input;
  if (!Number.isSafeInteger(stake) || stake < STAKE_LIMITS.minStake || stake > STAKE_LIMITS.maxStake) throw new SandboxRefusal('invalid_stake');
  const engine = engineOf(session);
  const params = engine.parseParams(input.params, stake);
  if (params === null) throw new SandboxRefusal('invalid_params');
  const id = `sbx-${randomBytes(12).toString('base64url')}`;

  if (session.demo || session.player === null) {
    if (!deps.demo.take(session.sid, stake)) throw new SandboxRefusal('insufficient_funds');
    const { outcome, payout } = engine.play(stake, params, deps.rng());
    return { round: { id, kind: engine.kind, stake, payout, outcome }, balance: deps.demo.give(session.sid, payout) };
  }

  const target = targetOf(session);
  const player = session.player;
  const betId = `${id}:bet`;
  const placed = await deps.wallet.call(target, { action: 'bet', player_id: player, round_id: id, transaction_id: betId, amount: stake, game: session.title, game_id: session.gameId });
  if (placed.kind === 'unreachable') {
    // The bet may have landed with its answer lost: cancel it for sure (a rollback of a bet never taken is refused, harmlessly).
    await deps.owed.owe(target, { action: 'rollback', player_id: player, transaction_id: betId });
    deps.log?.warn(`sandbox aggregator: bet ${betId} unanswered (${placed.reason}); rollback owed`);
    throw new SandboxRefusal('wallet_unavailable');
  }
  if (placed.kind === 'refused') throw refusalOf(placed);

  const { outcome, payout } = engine.play(stake, params, deps.rng());
  const win = { action: 'win', player_id: player, round_id: id, transaction_id: `${id}:win`, amount: payout, game: session.title, game_id: session.gameId } as const;
  const settled = await deps.wallet.call(target, win);
  const round: PlayedRound = { id, kind: engine.kind, stake, payout, outcome };
  if (settled.kind === 'ok') return { round: settled.held ? { ...round, held: true } : round, balance: settled.balance };
  if (settled.kind === 'unreachable') {
    await deps.owed.owe(target, win);
    deps.log?.warn(`sandbox aggregator: win ${win.transaction_id} unanswered (${settled.reason}); owed`);
    return { round: { ...round, payoutPending: true }, balance: placed.balance };
  }
  // A definitive refusal of a win for a bet the platform took: nothing a retry changes; the operator reconciles it.
  deps.log?.error(`sandbox aggregator: win ${win.transaction_id} of ${payout} refused: ${settled.status} ${settled.error}`);
  throw refusalOf(settled);
}
