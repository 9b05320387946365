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
