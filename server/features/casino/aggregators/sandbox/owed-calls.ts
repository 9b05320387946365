import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/open.ts';
import type { Logger } from '../../../../logger.ts';
import type { SandboxScheduler } from '../../../payments/sandbox/scheduler.ts';
import { sandboxAggregatorOwedCalls } from './schema.ts';
import type { WalletCall, WalletClient, WalletOutcome, WalletTarget } from './wallet-client.ts';

/** How the sandbox keeps trying a call it owes. */
export interface OwedRetry {
  /** Wait before the 2nd scheduled attempt; each later wait doubles. Default 1000 ms. */
  baseMs: number;
  /** Longest wait between two attempts. Default 60000 ms. */
  maxMs: number;
  /** Attempts in all before the call is abandoned (an operator's matter then). Default 40 (about half an hour). */
  maxAttempts: number;
  /** One attempt without an answer after this long counts as failed. Default 10000 ms. */
  timeoutMs: number;
}

export const DEFAULT_OWED_RETRY: OwedRetry = { baseMs: 1000, maxMs: 60_000, maxAttempts: 40, timeoutMs: 10_000 };

export interface OwedCalls {
  /**
   * Records that `call` is owed to the platform (once per transaction id)
   * and schedules its first attempt now. Answers the row's id.
   */
  owe(target: WalletTarget, call: Extract<WalletCall, { action: 'win' | 'rollback' }>): Promise<number>;
  /**
   * Sends owed call `id` once. The platform's answer closes it (2xx, or a
   * 4xx refusal, which no retry would change: logged); no answer or a 5xx
   * schedules the next attempt (`baseMs` × 2^(n−1), at most `maxMs`) until
   * `maxAttempts`, then it is abandoned and logged.
   */
  attempt(id: number): Promise<WalletOutcome | null>;
  /** Schedules every pending owed call now (at start: the platform being down is the likeliest reason it was owed). */
  resume(): Promise<void>;
}

/**
 * What the sandbox still owes the platform, persisted so it survives a
 * restart, as a real aggregator owes a round's win until the operator's
 * wallet acknowledges it. Every attempt repeats the exact body (same
 * transaction id): the wallet applies it once, whatever the repeats.
 */
export function createOwedCalls(opts: { db: Db; scheduler: SandboxScheduler; wallet: WalletClient; retry?: Partial<OwedRetry>; log?: Logger }): OwedCalls {
  const { db, scheduler } = opts;
  const retry = { ...DEFAULT_OWED_RETRY, ...opts.retry };
  const table = sandboxAggregatorOwedCalls;

  const attemptOnce = async (id: number): Promise<WalletOutcome | null> => {
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(table.id, id), isNull(table.answeredAt), isNull(table.abandonedAt)));
    if (!row) return null;
    const outcome = await opts.wallet.sendOnce({ tenant: row.tenantDomain, provider: row.provider }, row.body, retry.timeoutMs);
    const attempts = row.attempts + 1;
    const at = new Date();
    const what = `${row.action} ${row.transactionId} (${row.provider} on ${row.tenantDomain})`;
    if (outcome.kind === 'ok') {
      await db.update(table).set({ attempts, lastResult: '2xx', answeredAt: at }).where(eq(table.id, id));
      if (attempts > 1) opts.log?.info(`sandbox aggregator: owed ${what} acknowledged at attempt ${attempts}`);
    } else if (outcome.kind === 'refused') {
      await db.update(table).set({ attempts, lastResult: `${outcome.status} ${outcome.error}`, answeredAt: at }).where(eq(table.id, id));
      opts.log?.error(`sandbox aggregator: owed ${what} refused by the platform: ${outcome.status} ${outcome.error}`);
    } else if (attempts >= retry.maxAttempts) {
      await db.update(table).set({ attempts, lastResult: outcome.reason, abandonedAt: at }).where(eq(table.id, id));
      opts.log?.error(`sandbox aggregator: owed ${what} abandoned after ${attempts} attempts (last: ${outcome.reason})`);
    } else {
      const next = new Date(at.getTime() + Math.min(retry.maxMs, retry.baseMs * 2 ** (attempts - 1)));
      await db.update(table).set({ attempts, lastResult: outcome.reason, nextAttemptAt: next }).where(eq(table.id, id));
      opts.log?.warn(`sandbox aggregator: owed ${what} not answered (${outcome.reason}); attempt ${attempts + 1} in ${next.getTime() - at.getTime()} ms`);
      scheduler.at(`owed:${id}`, next.getTime(), () => owed.attempt(id));
    }
    return outcome;
  };

  const owed: OwedCalls = {
    async owe(target, call) {
      const at = new Date();
      const [row] = await db
        .insert(table)
        .values({ tenantDomain: target.tenant, provider: target.provider, action: call.action, transactionId: call.transaction_id, body: JSON.stringify(call), nextAttemptAt: at, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: table.id });
      const id =
        row?.id ??
        (await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.provider, target.provider), eq(table.transactionId, call.transaction_id), eq(table.action, call.action))))[0]!.id;
      scheduler.at(`owed:${id}`, at.getTime(), () => owed.attempt(id));
      return id;
    },

    attempt(id) {
      // One attempt per call at a time: a timer firing during another attempt joins it.
      return scheduler.runOnce(`owed:${id}`, () => attemptOnce(id));
    },

    async resume() {
      const pending = await db
        .select({ id: table.id })
        .from(table)
        .where(and(isNull(table.answeredAt), isNull(table.abandonedAt)))
        .orderBy(asc(table.id));
      for (const { id } of pending) scheduler.at(`owed:${id}`, Date.now(), () => owed.attempt(id));
    },
  };
  return owed;
}
