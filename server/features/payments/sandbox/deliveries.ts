import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/open.ts';
import type { Logger } from '../../../logger.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../signature.ts';
import type { SandboxScheduler } from './scheduler.ts';
import { type SandboxDeliveryKind, sandboxDeliveries } from './schema.ts';

/** How the sandbox retries a webhook the platform did not acknowledge. */
export interface DeliveryRetry {
  /** Wait before the 2nd attempt; each later wait doubles. Default 1000 ms. */
  baseMs: number;
  /** Longest wait between two attempts. Default 60000 ms. */
  maxMs: number;
  /** Attempts in all, the first included, before the delivery is abandoned. Default 12 (about 8 minutes). */
  maxAttempts: number;
  /** An attempt without an answer after this long counts as failed. Default 10000 ms. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: DeliveryRetry = { baseMs: 1000, maxMs: 60_000, maxAttempts: 12, timeoutMs: 10_000 };

/** An attempt's outcome: the HTTP status, or 0 when there was no answer (timeout, connection error). */
export type AttemptStatus = number;

export interface SandboxDeliveries {
  /** Stores a webhook owed to the platform (in `tx`, with the fact it reports); `attempt` then sends it. */
  enqueue(tx: Db | Tx, kind: SandboxDeliveryKind, body: string): Promise<number>;
  /**
   * Sends pending delivery `id` now. A 2xx answer marks it delivered; any
   * other answer, a timeout or a connection error schedules the next attempt
   * (`baseMs` × 2^(n−1), at most `maxMs`) until `maxAttempts`, then it is
   * abandoned. Answers this attempt's status; 0 also when `id` is no longer
   * pending.
   */
  attempt(id: number): Promise<AttemptStatus>;
  /**
   * Attempts every pending delivery now, without waiting for its due time:
   * the sandbox restarts with the platform, and the platform being down is
   * the likeliest reason it was owed. Its attempt count carries on.
   */
  resume(): Promise<void>;
  /** Sends `body` once, signed, without storing or retrying it (re-deliveries by tests and tools). */
  sendOnce(kind: SandboxDeliveryKind, body: string): Promise<AttemptStatus>;
}

export interface DeliveryOptions {
  db: Db;
  scheduler: SandboxScheduler;
  /** The platform's webhook URL per kind, read at each attempt. */
  urls: Record<SandboxDeliveryKind, string>;
  webhookSecret: string;
  send: (url: string, init: RequestInit) => Promise<Response>;
  retry: DeliveryRetry;
  log?: Logger;
}

/**
 * The sandbox's outgoing webhooks, as a real PSP sends them: the fact is
 * recorded first, the webhook is owed until the platform answers 2xx, and
 * the debt survives a restart (`sandbox_psp_deliveries`). The platform's
 * webhooks are idempotent, so a delivery repeated (two nodes resuming, an
 * answer lost after the platform applied it) credits nothing twice.
 */
export function createSandboxDeliveries(opts: DeliveryOptions): SandboxDeliveries {
  const { db, scheduler, retry } = opts;

  const post = async (kind: SandboxDeliveryKind, body: string): Promise<{ status: AttemptStatus; result: string }> => {
    try {
      const answer = await opts.send(opts.urls[kind], {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, opts.webhookSecret) },
        body,
        signal: AbortSignal.timeout(retry.timeoutMs),
      });
      await answer.arrayBuffer();
      return { status: answer.status, result: String(answer.status) };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { status: 0, result: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : (cause ?? (error instanceof Error ? error.message : String(error))) };
    }
  };

  const attemptOnce = async (id: number): Promise<AttemptStatus> => {
    const [row] = await db
      .select()
      .from(sandboxDeliveries)
      .where(and(eq(sandboxDeliveries.id, id), isNull(sandboxDeliveries.deliveredAt), isNull(sandboxDeliveries.abandonedAt)));
    if (!row) return 0;
    const { status, result } = await post(row.kind, row.body);
    const attempts = row.attempts + 1;
    const at = new Date();
    if (status >= 200 && status < 300) {
      await db.update(sandboxDeliveries).set({ attempts, lastResult: result, deliveredAt: at }).where(eq(sandboxDeliveries.id, id));
    } else if (attempts >= retry.maxAttempts) {
      await db.update(sandboxDeliveries).set({ attempts, lastResult: result, abandonedAt: at }).where(eq(sandboxDeliveries.id, id));
      opts.log?.error(`sandbox PSP: ${row.kind} webhook ${id} abandoned after ${attempts} attempts (last: ${result})`);
    } else {
      const next = new Date(at.getTime() + Math.min(retry.maxMs, retry.baseMs * 2 ** (attempts - 1)));
      await db.update(sandboxDeliveries).set({ attempts, lastResult: result, nextAttemptAt: next }).where(eq(sandboxDeliveries.id, id));
      opts.log?.warn(`sandbox PSP: ${row.kind} webhook ${id} not acknowledged (${result}); attempt ${attempts + 1} in ${next.getTime() - at.getTime()} ms`);
      scheduler.at(`delivery:${id}`, next.getTime(), () => deliveries.attempt(id));
    }
    return status;
  };

  const deliveries: SandboxDeliveries = {
    async enqueue(tx, kind, body) {
      const at = new Date();
      const [row] = await tx.insert(sandboxDeliveries).values({ kind, body, nextAttemptAt: at, createdAt: at }).returning({ id: sandboxDeliveries.id });
      return row!.id;
    },

    attempt(id) {
      // One attempt per delivery at a time: a timer firing during an on-demand attempt joins it.
      return scheduler.runOnce(`delivery:${id}`, () => attemptOnce(id));
    },

    async resume() {
      const pending = await db
        .select({ id: sandboxDeliveries.id })
        .from(sandboxDeliveries)
        .where(and(isNull(sandboxDeliveries.deliveredAt), isNull(sandboxDeliveries.abandonedAt)))
        .orderBy(asc(sandboxDeliveries.id));
      for (const { id } of pending) scheduler.at(`delivery:${id}`, Date.now(), () => deliveries.attempt(id));
    },

    async sendOnce(kind, body) {
      return (await post(kind, body)).status;
    },
  };
  return deliveries;
}
