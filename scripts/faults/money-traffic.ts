/**
 * Money traffic against a running platform over its real HTTP API, with a
 * journal of what each caller saw, for the fault runs and the soak:
 * players (deposit charges, house bets, withdrawals and cancellations, each
 * with an `Idempotency-Key`), the PSP (signed Pix and payout webhooks) and a
 * game aggregator (signed seamless-wallet bets, wins and rollbacks).
 *
 * Retries follow each caller's rules: the PSP and the aggregator resend a
 * call that got no answer (or a 5xx) with the same body and ids until the
 * deadline, as real ones do; a player call is resent with the same
 * Idempotency-Key only when the platform honours the key (`idempotent`),
 * since without it a lost answer may hide a movement that did happen.
 */
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { WithdrawalStatus } from '../../src/contract/wallet.ts';
import type { Db } from '../../server/db/open.ts';
import { withdrawals } from '../../server/db/schema.ts';
import { type Answer, call, idempotencyKey, newEndToEndId, signedPost, unanswered, untilAnswered } from './http.ts';
import type { ExpectedProviderMovement } from './ledger-check.ts';
import type { SeededPlayer } from './players.ts';

export type PlayerCallKind = 'deposit charge' | 'house bet' | 'withdrawal' | 'withdrawal cancel';
export type CallbackKind = 'pix webhook' | 'payout webhook' | 'provider wallet';

export interface CallTally {
  /** 2xx. */
  ok: number;
  /** 4xx: a definite no. */
  refused: number;
  /** No answer or 5xx in the end. */
  unanswered: number;
  /** Calls that needed more than one attempt. */
  retried: number;
}

export interface Journal {
  player: Record<PlayerCallKind, CallTally>;
  callbacks: Record<CallbackKind, CallTally>;
  /** Provider calls that ended with an answer: what the ledger must show. */
  providerMovements: ExpectedProviderMovement[];
  /** Every callback body that was answered 2xx, to deliver once more at the end. */
  delivered: Array<{ kind: CallbackKind; path: string; payload: unknown; secret: string }>;
  /** Answers by HTTP status (0 = none), all calls. */
  statuses: Map<number, number>;
}

export interface TrafficPlayer extends SeededPlayer {
  /** The player's registered Pix key (withdraw method) id. */
  methodId?: number;
}

export interface MoneyTrafficOptions {
  baseUrl: string;
  tenantId: number;
  webhookSecret: string;
  provider: { code: string; secret: string };
  /** Resend player calls with their Idempotency-Key when no answer came. */
  idempotent: boolean;
  /** How long (ms) a caller keeps resending one call. */
  retryForMs: number;
  /** Prefix making this run's provider transaction ids unique. */
  runId: string;
  /** Per-attempt timeout (ms); default 15 s. */
  timeoutMs?: number;
  /** Sees every single attempt's answer (retries included). */
  observe?: (kind: PlayerCallKind | CallbackKind | 'wallet read', answer: Answer) => void;
}

const tally = (): CallTally => ({ ok: 0, refused: 0, unanswered: 0, retried: 0 });

export function newJournal(): Journal {
  return {
    player: { 'deposit charge': tally(), 'house bet': tally(), withdrawal: tally(), 'withdrawal cancel': tally() },
    callbacks: { 'pix webhook': tally(), 'payout webhook': tally(), 'provider wallet': tally() },
    providerMovements: [],
    delivered: [],
    statuses: new Map(),
  };
}

const rand = (min: number, max: number): number => min + Math.floor(Math.random() * (max - min + 1));

/** The callers, sharing one journal. */
export function moneyTraffic(opts: MoneyTrafficOptions, journal: Journal = newJournal()) {
  let seq = 0;
  const count = (t: CallTally, a: Answer & { attempts?: number }) => {
    journal.statuses.set(a.status, (journal.statuses.get(a.status) ?? 0) + 1);
    if ((a.attempts ?? 1) > 1) t.retried += 1;
    if (a.status >= 200 && a.status < 300) t.ok += 1;
    else if (unanswered(a)) t.unanswered += 1;
    else t.refused += 1;
  };

  const timeoutMs = opts.timeoutMs ?? 15_000;
  const observed = async <K extends PlayerCallKind | CallbackKind | 'wallet read'>(kind: K, answer: Promise<Answer>): Promise<Answer> => {
    const a = await answer;
    opts.observe?.(kind, a);
    return a;
  };
  /** Webhooks the PSP delivers later (in the background), so some land while the platform is down. */
  const scheduled = new Set<Promise<unknown>>();

  const player = async (kind: PlayerCallKind, p: TrafficPlayer, path: string, body: unknown): Promise<Answer> => {
    const key = idempotencyKey();
    const send = () => observed(kind, call(opts.baseUrl, 'POST', `/api${path}`, { token: p.token, body, headers: { 'idempotency-key': key }, timeoutMs }));
    const answer = opts.idempotent ? await untilAnswered(send, Date.now() + opts.retryForMs) : await send();
    count(journal.player[kind], answer);
    // Nobody answered: give a restarting server a moment rather than spending the run on refused connections.
    if (unanswered(answer)) await new Promise((resolve) => setTimeout(resolve, 250));
    return answer;
  };

  const callback = async (kind: CallbackKind, path: string, payload: unknown, secret: string): Promise<Answer> => {
    const answer = await untilAnswered(() => observed(kind, signedPost(opts.baseUrl, `/api${path}`, payload, secret, { timeoutMs })), Date.now() + opts.retryForMs);
    count(journal.callbacks[kind], answer);
    if (answer.status >= 200 && answer.status < 300) journal.delivered.push({ kind, path, payload, secret });
    return answer;
  };

  const providerCall = async (p: TrafficPlayer, payload: Record<string, unknown>, expect: Omit<ExpectedProviderMovement, 'applied' | 'tenantId'> | null) => {
    const answer = await callback('provider wallet', `/providers/${opts.provider.code}/wallet`, { ...payload, player_id: p.id }, opts.provider.secret);
    if (expect && !unanswered(answer)) journal.providerMovements.push({ ...expect, tenantId: opts.tenantId, applied: answer.status === 200 });
    return answer;
  };

  return {
    journal,

    /** Registers the player's CPF as a Pix key (once, before the traffic). */
    async registerMethod(p: TrafficPlayer): Promise<void> {
      const answer = await call(opts.baseUrl, 'POST', '/api/wallet/withdraw/method', { token: p.token, body: { type: 'cpf', key: p.cpf } });
      const method = answer.body.method as { id?: number } | undefined;
      if (!method?.id) throw new Error(`withdraw method not registered: ${answer.status} ${JSON.stringify(answer.body)}`);
      p.methodId = method.id;
    },

    /**
     * A Pix deposit: the charge (player), then its payment (PSP webhook,
     * resent until answered). With `webhookDelayMs` the webhook goes in the
     * background after that long (see `idle`) and this answers at once.
     * Answers whether it was credited (or scheduled).
     */
    async deposit(p: TrafficPlayer, amount: number, webhookDelayMs?: number): Promise<boolean> {
      const charge = await player('deposit charge', p, '/main-gateway/qrcode-pix', { amount });
      const txid = charge.body.txid;
      if (charge.status !== 200 || typeof txid !== 'string') return false;
      const pay = async () => {
        const payload = {
          pix: [{ endToEndId: newEndToEndId(), txid, valor: (amount / 100).toFixed(2), horario: new Date().toISOString(), pagador: { cpf: p.cpf } }],
        };
        return (await callback('pix webhook', '/pix/webhook', payload, opts.webhookSecret)).status === 200;
      };
      if (webhookDelayMs === undefined) return pay();
      const later = new Promise((resolve) => setTimeout(resolve, webhookDelayMs)).then(pay);
      scheduled.add(later);
      void later.finally(() => scheduled.delete(later));
      return true;
    },

    /** Resolves once every background webhook has been answered (or given up). */
    async idle(): Promise<void> {
      while (scheduled.size > 0) await Promise.all([...scheduled]);
    },

    /** The player's wallet (`GET /profile/wallet`), a database read. */
    async walletRead(p: TrafficPlayer): Promise<Answer> {
      return observed('wallet read', call(opts.baseUrl, 'GET', '/api/profile/wallet', { token: p.token, timeoutMs }));
    },

    /** One real-money dice round of R$ 1,00 to R$ 10,00. */
    async houseBet(p: TrafficPlayer): Promise<Answer> {
      return player('house bet', p, '/house/dice/play', { amount: rand(100, 1000), params: { target: 5000, direction: 'over' } });
    },

    /**
     * One aggregator round: a stake (one in ten far above any balance, to be
     * refused), then a win, a zero win or a rollback of the stake.
     */
    async providerRound(p: TrafficPlayer): Promise<void> {
      const id = `${opts.runId}-${++seq}`;
      const roundId = `round-${id}`;
      const stake = Math.random() < 0.1 ? 9_000_000 : rand(100, 2000);
      const code = opts.provider.code;
      const bet = await providerCall(p, { action: 'bet', round_id: roundId, transaction_id: id, amount: stake, game: 'Faults Slot' }, { type: 'bet', reference: `${code}:${id}`, amount: -stake });
      if (bet.status !== 200) return;
      const roll = Math.random();
      if (roll < 0.1) {
        await providerCall(p, { action: 'rollback', transaction_id: id }, { type: 'bet', reference: `${code}:${id}:rollback`, amount: stake });
      } else if (roll < 0.55) {
        await providerCall(p, { action: 'win', round_id: roundId, transaction_id: `${id}-w`, amount: stake * 2 }, { type: 'win', reference: `${code}:${id}-w`, amount: stake * 2 });
      } else {
        await providerCall(p, { action: 'win', round_id: roundId, transaction_id: `${id}-w`, amount: 0 }, null);
      }
    },

    /** A withdrawal of R$ 20,00 to R$ 50,00, cancelled by the player half of the time. */
    async withdraw(p: TrafficPlayer): Promise<void> {
      if (!p.methodId) return;
      const made = await player('withdrawal', p, '/wallet/withdraw/request', { amount: rand(2000, 5000), method_id: p.methodId });
      const id = (made.body.withdrawal as { id?: number } | undefined)?.id;
      if (made.status === 201 && id && Math.random() < 0.5) await player('withdrawal cancel', p, '/main-gateway/user-cancel-withdrawal', { id });
    },

    /**
     * The PSP's side of payouts: every withdrawal the platform has sent
     * (processing, or pending with a dispatch attempted) gets its REALIZADO
     * webhook, one endToEndId per payout however often it is resent. Runs
     * until `stop()`; database errors (while it is down) are waited out.
     */
    payoutPsp(db: Db) {
      const settled = new Map<string, string>();
      let running = true;
      const loop = (async () => {
        while (running) {
          try {
            const due = await db
              .select({ payoutId: withdrawals.payoutId })
              .from(withdrawals)
              .where(
                or(
                  eq(withdrawals.status, WithdrawalStatus.Processing),
                  and(eq(withdrawals.status, WithdrawalStatus.Pending), isNotNull(withdrawals.dispatchAttemptedAt)),
                ),
              );
            for (const { payoutId } of due) {
              const endToEndId = settled.get(payoutId) ?? newEndToEndId();
              settled.set(payoutId, endToEndId);
              await callback('payout webhook', '/pix/webhook/payouts', { pagamentos: [{ idEnvio: payoutId, status: 'REALIZADO', endToEndId, horario: new Date().toISOString() }] }, opts.webhookSecret);
            }
          } catch {
            // The database is away: the PSP keeps its queue and tries later.
          }
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      })();
      return {
        async stop() {
          running = false;
          await loop;
        },
      };
    },

    /** Delivers every callback that was answered once more (a PSP's duplicate delivery); answers how many were accepted again. */
    async redeliverAll(): Promise<{ sent: number; accepted: number; providerReplays: number }> {
      const all = [...journal.delivered];
      let accepted = 0;
      let providerReplays = 0;
      for (const d of all) {
        const answer = await untilAnswered(() => signedPost(opts.baseUrl, `/api${d.path}`, d.payload, d.secret, { timeoutMs }), Date.now() + opts.retryForMs);
        if (answer.status >= 200 && answer.status < 300) accepted += 1;
        if (d.kind === 'provider wallet' && answer.body.replayed === true) providerReplays += 1;
      }
      return { sent: all.length, accepted, providerReplays };
    },
  };
}

export type MoneyTraffic = ReturnType<typeof moneyTraffic>;

/** Withdrawals the platform has sent and not settled yet (the payout PSP still owes them a webhook). */
export async function withdrawalsInFlight(db: Db): Promise<number> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(inArray(withdrawals.status, [WithdrawalStatus.Processing, WithdrawalStatus.Pending]));
  return rows.length;
}
