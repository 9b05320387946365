import { eq } from 'drizzle-orm';
import { centavosToDecimal } from '../../../../src/contract/money.ts';
import type { Db } from '../../../db/open.ts';
import type { Logger } from '../../../logger.ts';
import { buildBrCode } from '../pix/brcode.ts';
import { LOCATION_MAX, PIX_LOCATION_PATH } from '../pix/location.ts';
import type { CreateChargeInput, PayoutPsp, PixCharge, PixChargeStatus, PixRefund } from '../psp.ts';
import { type PixChargeRow, pixCharges } from '../schema.ts';
import { createSandboxDeliveries, DEFAULT_RETRY, type DeliveryRetry } from './deliveries.ts';
import { createSandboxDict, type SandboxDict } from './dict.ts';
import { randomAlnum } from '../random-id.ts';
import { newEndToEndId } from './ids.ts';
import { createSandboxPayouts, type SandboxPayouts } from './payouts.ts';
import { createSandboxScheduler } from './scheduler.ts';
import { sandboxPayments } from './schema.ts';

export { newEndToEndId } from './ids.ts';

/** One received Pix as the standard's webhook reports it (`{ pix: [ … ] }`). */
export interface PixNotificationItem {
  endToEndId: string;
  txid: string;
  /** Reais with two decimals, e.g. "50.00". */
  valor: string;
  /** ISO date-time of the payment. */
  horario: string;
  pagador?: { cpf?: string; cnpj?: string; nome?: string };
}

export interface SandboxOptions {
  db: Db;
  /** Receiver name and city of charges created without `receiver` (PIX_MERCHANT_NAME / PIX_MERCHANT_CITY). */
  merchantName: string;
  merchantCity: string;
  /** The platform's webhook (PIX_WEBHOOK_URL); its host names the locations of charges created without `locationBase`. */
  webhookUrl: string;
  webhookSecret: string;
  /** HTTP client used to deliver webhooks; tests may point it at `app.request`. Default global fetch. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** The sandbox's clock (payment `horario`). */
  now?: () => Date;
  /**
   * Milliseconds after which a new payout is settled and its webhook sent
   * to `{webhookUrl}/payouts`. Default 200; 0 = at the next turn of the event
   * loop; null = only when `settlePayout` is called (tests).
   */
  payoutDelayMs?: number | null;
  /** How unacknowledged webhooks are retried (tests shorten it). Default DEFAULT_RETRY: 1 s doubling to 60 s, 12 attempts. */
  retry?: Partial<DeliveryRetry>;
  /** Where failed deliveries are reported. Default: nowhere. */
  log?: Logger;
}

export interface SandboxPsp extends PayoutPsp, Omit<SandboxPayouts, 'createPayout' | 'getPayout'>, Pick<SandboxDict, 'registerKey'> {
  /**
   * Pays charge `txid` as a bank would: a new endToEndId, `horario` now,
   * the charge's amount, from `payerCpf` (default the CPF the charge
   * expects), then delivers the signed webhook to the platform.
   * @throws Error when the sandbox never issued `txid`.
   */
  settle(txid: string, opts?: { payerCpf?: string }): Promise<{ notification: { pix: PixNotificationItem[] }; status: number }>;
  /** Delivers (or re-delivers) a notification once, signed, to the webhook URL, without retrying; answers the HTTP status (0: no answer). */
  deliver(notification: { pix: PixNotificationItem[] }): Promise<number>;
  /**
   * Picks up what a previous run left owed: webhooks not yet acknowledged
   * (tried again at once) and payouts not yet settled (when due). Called
   * once the platform's HTTP server listens (the webhooks go to it).
   */
  resume(): Promise<void>;
  /** Resolves when no automatic settlement or webhook attempt is waiting or running. */
  whenIdle(): Promise<void>;
  /** Cancels the waiting timers and waits for running attempts (what is owed stays in the database for `resume`). */
  close(): Promise<void>;
}

function statusOf(row: PixChargeRow, now: Date): PixChargeStatus {
  if (row.status !== 'waiting_payment') return 'CONCLUIDA';
  return now.getTime() > row.expiresAt.getTime() ? 'REMOVIDA_PELO_PSP' : 'ATIVA';
}

/**
 * The default PSP: follows the Pix API standard without a bank. Charges get a
 * real dynamic BR Code whose location is `{webhook host}/api/pix/sandbox/qr/{txid}`;
 * the sandbox's record of a charge is the platform's `pix_charges` row (same
 * database), so `getCharge` reads it. `settle` makes the whole payment path
 * run as with a real PSP: the payment is recorded on the sandbox's side
 * (`sandbox_psp_payments`, the charge is CONCLUIDA from then on), then an
 * HMAC-signed `{ pix: [...] }` POST goes to the platform's webhook over HTTP
 * and is retried with backoff until acknowledged, across restarts
 * (./deliveries.ts). It also pays out (./payouts.ts) and looks keys up in a
 * stand-in DICT (./dict.ts), so withdrawals run end to end.
 */
export function createSandboxPsp(opts: SandboxOptions): SandboxPsp {
  const now = opts.now ?? (() => new Date());
  const send = opts.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const host = new URL(opts.webhookUrl).host;
  const dict = createSandboxDict(opts.db);
  const scheduler = createSandboxScheduler((error) => opts.log?.error('sandbox PSP: a scheduled settlement or webhook attempt failed', error));
  const deliveries = createSandboxDeliveries({
    db: opts.db,
    scheduler,
    urls: { pix: opts.webhookUrl, payouts: `${opts.webhookUrl.replace(/\/+$/, '')}/payouts` },
    webhookSecret: opts.webhookSecret,
    send,
    retry: { ...DEFAULT_RETRY, ...opts.retry },
    ...(opts.log ? { log: opts.log } : {}),
  });
  const { resume: resumePayouts, ...payouts } = createSandboxPayouts({
    db: opts.db,
    dict,
    deliveries,
    scheduler,
    now,
    delayMs: opts.payoutDelayMs === undefined ? 200 : opts.payoutDelayMs,
  });

  const findRow = async (txid: string): Promise<PixChargeRow | null> => {
    const [row] = await opts.db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
    return row ?? null;
  };

  const psp: SandboxPsp = {
    ...payouts,
    registerKey: dict.registerKey,
    lookupKey: dict.lookupKey,

    async createCharge(input: CreateChargeInput): Promise<PixCharge> {
      if (!/^[A-Za-z0-9]{26,35}$/.test(input.txid)) throw new RangeError('txid must be 26 to 35 letters or digits');
      const location = `${input.locationBase ?? `${host}/api${PIX_LOCATION_PATH}`}/${input.txid}`;
      if (location.length > LOCATION_MAX) throw new RangeError(`payload location ${location} is longer than ${LOCATION_MAX} characters`);
      const pixCopiaECola = buildBrCode({
        kind: 'dynamic',
        url: location,
        merchantName: input.receiver?.name ?? opts.merchantName,
        merchantCity: input.receiver?.city ?? opts.merchantCity,
        amountCentavos: input.amountCentavos,
      });
      return { txid: input.txid, status: 'ATIVA', pixCopiaECola, location, expiresAt: new Date(now().getTime() + input.expiresInSeconds * 1000) };
    },

    async getCharge(txid) {
      const row = await findRow(txid);
      if (!row) return null;
      // Paid on the sandbox's side even while the platform has not acknowledged the webhook yet.
      const [paid] = await opts.db.select({ e2e: sandboxPayments.endToEndId }).from(sandboxPayments).where(eq(sandboxPayments.txid, txid)).limit(1);
      const status = paid ? 'CONCLUIDA' : statusOf(row, now());
      return { txid, status, pixCopiaECola: row.pixCopiaECola, location: row.location, expiresAt: row.expiresAt };
    },

    async refund(endToEndId, amountCentavos, reason): Promise<PixRefund> {
      if (!Number.isSafeInteger(amountCentavos) || amountCentavos <= 0) throw new RangeError('refund amount must be positive centavos');
      const id = `D${randomAlnum(34)}`;
      const updated = await opts.db
        .update(pixCharges)
        .set({ refundId: id, refundReason: reason })
        .where(eq(pixCharges.endToEndId, endToEndId))
        .returning({ id: pixCharges.id });
      if (updated.length === 0) throw new Error(`sandbox: no received Pix ${endToEndId} to refund`);
      return { id, status: 'DEVOLVIDO' };
    },

    deliver(notification) {
      return deliveries.sendOnce('pix', JSON.stringify(notification));
    },

    async settle(txid, settleOpts = {}) {
      const row = await findRow(txid);
      if (!row) throw new Error(`sandbox: unknown txid ${txid}`);
      const at = now();
      const payerCpf = settleOpts.payerCpf ?? row.payerCpf;
      const item = { endToEndId: newEndToEndId(at), txid, valor: centavosToDecimal(row.amount), horario: at.toISOString(), pagador: { cpf: payerCpf } };
      const notification = { pix: [item] };
      // Paid on the sandbox's side and the webhook owed, together; then the first attempt.
      const deliveryId = await opts.db.transaction(async (tx) => {
        await tx.insert(sandboxPayments).values({ endToEndId: item.endToEndId, txid, amount: row.amount, payerCpf, paidAt: at });
        return deliveries.enqueue(tx, 'pix', JSON.stringify(notification));
      });
      return { notification, status: await deliveries.attempt(deliveryId) };
    },

    async resume() {
      await resumePayouts();
      await deliveries.resume();
    },

    whenIdle: () => scheduler.whenIdle(),
    close: () => scheduler.close(),
  };
  return psp;
}
