import { type CreatePayoutInput, type Payout, type PayoutPsp, PayoutRefusedError } from '../psp.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../signature.ts';
import type { SandboxDict } from './dict.ts';
import { newEndToEndId } from './ids.ts';

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
   * and delivers the signed payout webhook. Answers the webhook's HTTP status.
   * @throws Error when the sandbox never took `id`.
   */
  settlePayout(id: string): Promise<{ notification: PayoutNotification; status: number }>;
  /** Delivers (or re-delivers) a payout notification, signed, to the payout webhook URL; answers the HTTP status. */
  deliverPayouts(notification: PayoutNotification): Promise<number>;
  /** Resolves when every automatic settlement scheduled so far has been delivered. */
  whenIdle(): Promise<void>;
}

export interface SandboxPayoutOptions {
  dict: SandboxDict;
  /** The platform's payout webhook (PIX_WEBHOOK_URL + `/payouts`). */
  webhookUrl: string;
  webhookSecret: string;
  send: (url: string, init: RequestInit) => Promise<Response>;
  now: () => Date;
  /** Delay before a new payout is settled automatically; null = only by `settlePayout` (tests). */
  delayMs: number | null;
}

interface Stored {
  input: CreatePayoutInput;
  payout: Payout;
  horario?: string;
  /** The one settlement decision (concurrent `settlePayout` calls share it). */
  decided?: Promise<void>;
}

/**
 * Payouts of the sandbox PSP, kept in memory. `createPayout` takes a payout
 * (idempotent by id), answers EM_PROCESSAMENTO and, after `delayMs`, settles
 * it: NAO_REALIZADO when the key was marked with `failKey`, is unknown to the
 * DICT, or belongs to another CPF than `recipientCpf`; REALIZADO with a new
 * endToEndId otherwise. The result goes to the platform as a real PSP sends
 * it: an HMAC-signed `{ pagamentos: [...] }` POST. A lost delivery is not
 * retried: `getPayout` answers the final state, which the platform's payout
 * worker asks for when no webhook came.
 */
export function createSandboxPayouts(opts: SandboxPayoutOptions): SandboxPayouts {
  const payouts = new Map<string, Stored>();
  const failing = new Set<string>();
  const refusing = new Set<string>();
  const pending = new Set<Promise<unknown>>();

  const decide = (stored: Stored): Promise<void> => (stored.decided ??= decideOnce(stored));
  const decideOnce = async (stored: Stored): Promise<void> => {
    const { key, keyType, recipientCpf } = stored.input;
    const owner = failing.has(key) ? null : await opts.dict.lookupKey(key, keyType);
    const at = opts.now();
    stored.horario = at.toISOString();
    if (!owner) stored.payout = { id: stored.input.id, status: 'NAO_REALIZADO', reason: MOTIVO_UNKNOWN_KEY };
    else if (owner.ownerCpf !== recipientCpf) stored.payout = { id: stored.input.id, status: 'NAO_REALIZADO', reason: MOTIVO_OTHER_OWNER };
    else stored.payout = { id: stored.input.id, status: 'REALIZADO', endToEndId: newEndToEndId(at) };
  };

  const notificationOf = (stored: Stored): PayoutNotification => {
    const { payout } = stored;
    if (payout.status === 'EM_PROCESSAMENTO') throw new Error('payout not settled');
    return {
      pagamentos: [
        {
          idEnvio: payout.id,
          status: payout.status,
          ...(payout.endToEndId ? { endToEndId: payout.endToEndId } : {}),
          ...(payout.reason ? { motivo: payout.reason } : {}),
          horario: stored.horario ?? opts.now().toISOString(),
        },
      ],
    };
  };

  const api: SandboxPayouts = {
    async createPayout(input) {
      if (!/^[A-Za-z0-9]{1,35}$/.test(input.id)) throw new RangeError('payout id must be 1 to 35 letters or digits');
      if (!Number.isSafeInteger(input.amountCentavos) || input.amountCentavos <= 0) throw new RangeError('payout amount must be positive centavos');
      const known = payouts.get(input.id);
      if (known) return { ...known.payout };
      if (refusing.has(input.key)) throw new PayoutRefusedError('invalid_key', MOTIVO_UNKNOWN_KEY);
      const stored: Stored = { input: { ...input }, payout: { id: input.id, status: 'EM_PROCESSAMENTO' } };
      payouts.set(input.id, stored);
      if (opts.delayMs !== null) {
        const delivery = new Promise<void>((resolve) => setTimeout(resolve, opts.delayMs ?? 0))
          .then(() => api.settlePayout(input.id))
          .catch(() => undefined)
          .finally(() => pending.delete(delivery));
        pending.add(delivery);
      }
      return { ...stored.payout };
    },

    async getPayout(id) {
      const stored = payouts.get(id);
      return stored ? { ...stored.payout } : null;
    },

    failKey(key) {
      failing.add(key);
    },

    refuseKey(key) {
      refusing.add(key);
    },

    async settlePayout(id) {
      const stored = payouts.get(id);
      if (!stored) throw new Error(`sandbox: unknown payout ${id}`);
      await decide(stored);
      const notification = notificationOf(stored);
      return { notification, status: await api.deliverPayouts(notification) };
    },

    async deliverPayouts(notification) {
      const body = JSON.stringify(notification);
      const answer = await opts.send(opts.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, opts.webhookSecret) },
        body,
      });
      await answer.arrayBuffer();
      return answer.status;
    },

    async whenIdle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  return api;
}
