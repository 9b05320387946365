import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';
import type { PayoutPsp, Psp } from '../payments/psp.ts';

export interface WithdrawalsDeps {
  db: Db;
  psp: PayoutPsp;
  publish: Publish;
  /** PIX_WEBHOOK_SECRET: the payout webhook is signed like the Pix webhook. */
  webhookSecret: string;
  /** The platform's clock (creation times, hold period). */
  now: () => Date;
  log: Logger;
  /** WITHDRAWAL_REVIEW_CENTAVOS: from this amount a withdrawal waits for an operator (status 5). */
  reviewFromCentavos: number;
  /** WITHDRAWAL_HOLD_SECONDS: how long a new withdrawal stays cancellable before the worker sends it. */
  holdSeconds: number;
}

/** True when the PSP can look keys up and pay out (the sandbox can; a deposit-only adapter cannot). */
export function isPayoutPsp(psp: Psp): psp is PayoutPsp {
  const p = psp as Partial<PayoutPsp>;
  return typeof p.lookupKey === 'function' && typeof p.createPayout === 'function' && typeof p.getPayout === 'function';
}

/** Sends `BalanceUpdated {wallet}` to the player's private channel; a failure is logged, never undoes the movement. */
export async function publishBalance(deps: Pick<WithdrawalsDeps, 'publish' | 'log'>, userId: number, wallet: WalletView): Promise<void> {
  try {
    await deps.publish([realtimeChannel.actorPrivate(userId)], wireEventName(RealtimeEvent.BalanceUpdated), { wallet });
  } catch (error) {
    deps.log.warn(`withdrawals: BalanceUpdated for user ${userId} not sent`, error);
  }
}

/** The withdrawal services' dependencies with the settings of `config` (WITHDRAWAL_*, PIX_WEBHOOK_SECRET). */
export function createWithdrawalsDeps(base: {
  db: Db;
  psp: PayoutPsp;
  publish: Publish;
  config: Pick<Config, 'pix' | 'withdrawals'>;
  log: Logger;
  now?: () => Date;
}): WithdrawalsDeps {
  return {
    db: base.db,
    psp: base.psp,
    publish: base.publish,
    webhookSecret: base.config.pix.webhookSecret,
    now: base.now ?? (() => new Date()),
    log: base.log,
    reviewFromCentavos: base.config.withdrawals.reviewFromCentavos,
    holdSeconds: base.config.withdrawals.holdSeconds,
  };
}
