/**
 * What the platform needs from a Pix payment service provider (PSP), in the
 * terms of Banco Central's Pix API standard (`cob`, `txid`, devolução). The
 * sandbox (./sandbox/) is the default implementation; a real PSP adapter
 * speaks the same standard over HTTPS.
 */

/** Status of an immediate charge in the standard (`StatusCobranca`). */
export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface CreateChargeInput {
  /** Our id for the charge: 26 to 35 letters or digits (the standard's `PUT /cob/{txid}`). */
  txid: string;
  /** Integer centavos, > 0. */
  amountCentavos: number;
  /** `calendario.expiracao`. */
  expiresInSeconds: number;
  /** `devedor.cpf`: the 11 digits of the player's CPF. */
  payerCpf: string;
  /** `solicitacaoPagador`, shown to the payer. */
  description: string;
  /**
   * Receiver written in the BR Code (fields 59/60): the tenant's legal name
   * and city. The sandbox writes it; a real PSP writes its account holder's
   * registered name and ignores it. Default: the PSP's own.
   */
  receiver?: { name: string; city: string };
  /**
   * Where the platform serves payloads (host/path, no scheme; the txid is
   * appended after a slash). The sandbox's locations live there; a real PSP
   * serves its own. Default: the PSP's own.
   */
  locationBase?: string;
}

export interface PixCharge {
  txid: string;
  status: PixChargeStatus;
  /** The BR Code "copia e cola" text of the charge. */
  pixCopiaECola: string;
  /** The payload location (host/path, no scheme) the dynamic BR Code points at. */
  location: string;
  expiresAt: Date;
}

export interface PixRefund {
  /** The PSP's id of the devolução. */
  id: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

export interface Psp {
  /** Creates an immediate charge; rejects if the PSP refuses it. */
  createCharge(input: CreateChargeInput): Promise<PixCharge>;
  /** The charge as the PSP sees it now, or null when it does not know `txid`. */
  getCharge(txid: string): Promise<PixCharge | null>;
  /** Returns `amountCentavos` of the received Pix `endToEndId` to its payer (`PUT /pix/{e2eid}/devolucao/{id}`). */
  refund(endToEndId: string, amountCentavos: number, reason: string): Promise<PixRefund>;
}

/* Payouts and key lookup: outside the receiving API of the standard (which
 * covers `cob` and devoluções); PSPs offer them as their own extension. The
 * platform needs exactly these two. */

/** DICT key types (`src/contract/wallet.ts` PIX_KEY_TYPES). */
export type PixKeyKind = 'cpf' | 'phone' | 'email' | 'random';

/** Who owns a Pix key, as the PSP's DICT lookup answers. */
export interface PixKeyOwner {
  key: string;
  type: PixKeyKind;
  /** 11-digit CPF of a natural-person owner, or null (a company key). */
  ownerCpf: string | null;
  ownerName: string;
}

/** Status of a payout: in flight, paid, or not made (e.g. the key does not exist anymore). */
export type PayoutStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

export interface CreatePayoutInput {
  /** Our id of the payout (`idEnvio`): 1 to 35 letters or digits, unique; repeating it must not pay twice. */
  id: string;
  /** Integer centavos, > 0. */
  amountCentavos: number;
  key: string;
  keyType: PixKeyKind;
  /** The CPF the receiving account must belong to (the player's). */
  recipientCpf: string;
  description: string;
}

export interface Payout {
  id: string;
  status: PayoutStatus;
  /** The SPI endToEndId once the PSP has one. */
  endToEndId?: string;
  /** Why it was not made (NAO_REALIZADO). */
  reason?: string;
}

/**
 * A PSP that can also pay out. The final status of a payout arrives by the
 * payout webhook (`POST /api/pix/webhook/payouts`, signed like the Pix
 * webhook): `{ pagamentos: [ { idEnvio, status, endToEndId?, motivo?, horario } ] }`.
 */
export interface PayoutPsp extends Psp {
  /** The key's owner, or null when the DICT does not know the key. */
  lookupKey(key: string, type: PixKeyKind): Promise<PixKeyOwner | null>;
  /** Starts a payout; idempotent by `input.id`. Rejects when the PSP refuses the request itself. */
  createPayout(input: CreatePayoutInput): Promise<Payout>;
  /** The payout as the PSP sees it now, or null when unknown. */
  getPayout(id: string): Promise<Payout | null>;
}

/**
 * Thrown by a PSP adapter's `createPayout` when the PSP refuses the request
 * itself (synchronously). `kind: 'invalid_key'` means the key cannot receive
 * (unknown at the DICT, owner not the recipient CPF): the withdrawal ends in
 * status 3 and its funds go back. Any other rejection is treated as
 * transient and retried.
 */
export class PayoutRefusedError extends Error {
  readonly kind: 'invalid_key' | 'other';
  constructor(kind: 'invalid_key' | 'other', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutRefusedError';
    this.kind = kind;
  }
}
