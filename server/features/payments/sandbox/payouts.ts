import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/open.ts';
import { type CreatePayoutInput, type Payout, type PayoutPsp, PayoutRefusedError } from '../psp.ts';
import type { SandboxDeliveries } from './deliveries.ts';
import type { SandboxDict } from './dict.ts';
import { newEndToEndId } from './ids.ts';
import type { SandboxScheduler } from './scheduler.ts';
import { sandboxPayouts } from './schema.ts';

/** One payout result as the payout webhook reports it (`{ pagamentos: [ … ] }`). */
export interface PayoutNotificationItem {
  idEnvio: string;
  status: 'REALIZADO' | 'NAO_REALIZADO';
  endToEndId?: string;
  motivo?: string;
  horario: string;
}
export interface PayoutNotification {
  pagamentos: PayoutNotificationItem[];
}

/** The sandbox's `motivo` for a payout to a key that does not exist (anymore). */
export const MOTIVO_UNKNOWN_KEY = 'chave inexistente';
/** The sandbox's `motivo` for a payout whose key belongs to someone other than the recipient CPF. */
export const MOTIVO_OTHER_OWNER = 'titular da chave diferente do CPF do recebedor';

export interface SandboxPayouts extends Pick<PayoutPsp, 'createPayout' | 'getPayout'> {
  /** Payouts to `key` end NAO_REALIZADO ('chave inexistente'), as if the key had been deleted from the DICT. */
  failKey(key: string): void;
  /** `createPayout` to `key` is refused outright (PayoutRefusedError 'invalid_key'), as a PSP that checks the key first. */
  refuseKey(key: string): void;
  /**
   * Finishes payout `id` now (once; later calls re-deliver the same result)
   * and delivers the signed payout webhook, retried until acknowledged.
   * Answers the first attempt's HTTP status (0: no answer).
   * @throws Error when the sandbox never took `id`.
   */
  settlePayout(id: string): Promise<{ notification: PayoutNotification; status: number }>;
  /** Delivers (or re-delivers) a payout notification once, signed, to the payout webhook URL; answers the HTTP status. */
  deliverPayouts(notification: PayoutNotification): Promise<number>;
}

export interface SandboxPayoutOptions {
  db: Db;
  dict: SandboxDict;
  deliveries: SandboxDeliveries;
  scheduler: SandboxScheduler;
  now: () => Date;
  /** Delay before a new payout is settled automatically; null = only by `settlePayout` (tests). */
  delayMs: number | null;
}

type PayoutRow = typeof sandboxPayouts.$inferSelect;

const payoutOf = (row: PayoutRow): Payout => ({
  id: row.id,
  status: row.status,
  ...(row.endToEndId ? { endToEndId: row.endToEndId } : {}),
  ...(row.reason ? { reason: row.reason } : {}),
});

function notificationOf(row: PayoutRow): PayoutNotification {
  if (row.status === 'EM_PROCESSAMENTO' || !row.settledAt) throw new Error('payout not settled');
  return {
    pagamentos: [
      {
        idEnvio: row.id,
        status: row.status,
        ...(row.endToEndId ? { endToEndId: row.endToEndId } : {}),
        ...(row.reason ? { motivo: row.reason } : {}),
        horario: row.settledAt.toISOString(),
      },
    ],
  };
}

/**
 * Payouts of the sandbox PSP, kept in `sandbox_psp_payouts`. `createPayout`
 * takes a payout (idempotent by id), answers EM_PROCESSAMENTO and, after
 * `delayMs` (also after a restart: `resume`), settles it: NAO_REALIZADO when
 * the key was marked with `failKey`, is unknown to the DICT, or belongs to
 * another CPF than `recipientCpf`; REALIZADO with a new endToEndId otherwise.
 * The result and the webhook owed for it are stored together; the webhook
 * (`{ pagamentos: [...] }`, HMAC-signed) is retried until acknowledged, and
 * `getPayout` answers the final state meanwhile.
 */
export function createSandboxPayouts(opts: SandboxPayoutOptions): SandboxPayouts & { resume(): Promise<void> } {
  const { db, deliveries, scheduler } = opts;
  const failing = new Set<string>();
  const refusing = new Set<string>();

  const find = async (id: string): Promise<PayoutRow | null> => {
    const [row] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, id));
    return row ?? null;
  };

  const decision = async (row: PayoutRow): Promise<Pick<PayoutRow, 'status' | 'endToEndId' | 'reason' | 'settledAt'>> => {
    const owner = failing.has(row.key) ? null : await opts.dict.lookupKey(row.key, row.keyType);
    const at = opts.now();
    if (!owner) return { status: 'NAO_REALIZADO', endToEndId: null, reason: MOTIVO_UNKNOWN_KEY, settledAt: at };
    if (owner.ownerCpf !== row.recipientCpf) return { status: 'NAO_REALIZADO', endToEndId: null, reason: MOTIVO_OTHER_OWNER, settledAt: at };
    return { status: 'REALIZADO', endToEndId: newEndToEndId(at), reason: null, settledAt: at };
  };

  // Settles by itself unless someone (a test, `settlePayout`) already did.
  const settleLater = (id: string, at: Date): void =>
    scheduler.at(`payout:${id}`, at.getTime(), async () => {
      if ((await find(id))?.status === 'EM_PROCESSAMENTO') await api.settlePayout(id);
    });

  const api: SandboxPayouts & { resume(): Promise<void> } = {
    async createPayout(input: CreatePayoutInput) {
      if (!/^[A-Za-z0-9]{1,35}$/.test(input.id)) throw new RangeError('payout id must be 1 to 35 letters or digits');
      if (!Number.isSafeInteger(input.amountCentavos) || input.amountCentavos <= 0) throw new RangeError('payout amount must be positive centavos');
      const known = await find(input.id);
      if (known) return payoutOf(known);
      if (refusing.has(input.key)) throw new PayoutRefusedError('invalid_key', MOTIVO_UNKNOWN_KEY);
      const createdAt = opts.now();
      const settleAfter = opts.delayMs === null ? null : new Date(Date.now() + opts.delayMs);
      const [taken] = await db
        .insert(sandboxPayouts)
        .values({
          id: input.id,
          amount: BigInt(input.amountCentavos),
          key: input.key,
          keyType: input.keyType,
          recipientCpf: input.recipientCpf,
          description: input.description,
          settleAfter,
          createdAt,
        })
        .onConflictDoNothing()
        .returning();
      if (!taken) return payoutOf((await find(input.id))!);
      if (settleAfter) settleLater(taken.id, settleAfter);
      return payoutOf(taken);
    },

    async getPayout(id) {
      const row = await find(id);
      return row ? payoutOf(row) : null;
    },

    failKey(key) {
      failing.add(key);
    },

    refuseKey(key) {
      refusing.add(key);
    },

    async settlePayout(id) {
      const row = await find(id);
      if (!row) throw new Error(`sandbox: unknown payout ${id}`);
      const decided = row.status === 'EM_PROCESSAMENTO' ? await decision(row) : null;
      // The result and the webhook owed for it are written together; a concurrent settlement that decided first wins.
      const { settled, deliveryId } = await db.transaction(async (tx) => {
        const [updated] = decided
          ? await tx
              .update(sandboxPayouts)
              .set(decided)
              .where(and(eq(sandboxPayouts.id, id), eq(sandboxPayouts.status, 'EM_PROCESSAMENTO')))
              .returning()
          : [];
        const final = updated ?? (await tx.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, id)))[0]!;
        return { settled: final, deliveryId: await deliveries.enqueue(tx, 'payouts', JSON.stringify(notificationOf(final))) };
      });
      return { notification: notificationOf(settled), status: await deliveries.attempt(deliveryId) };
    },

    deliverPayouts(notification) {
      return deliveries.sendOnce('payouts', JSON.stringify(notification));
    },

    async resume() {
      const due = await db
        .select({ id: sandboxPayouts.id, at: sandboxPayouts.settleAfter })
        .from(sandboxPayouts)
        .where(and(eq(sandboxPayouts.status, 'EM_PROCESSAMENTO'), isNotNull(sandboxPayouts.settleAfter)));
      for (const { id, at } of due) settleLater(id, at!);
    },
  };
  return api;
}
