import { createHash } from 'node:crypto';
import type https from 'node:https';
import { type BcbApiPspConfig, ConfigError } from '../../../config.ts';
import type { Logger } from '../../../logger.ts';
import type { PayoutPsp } from '../psp.ts';
import { createApiClient, seg } from './api-client.ts';
import { type BcbCreateChargeInput, checkChargeAmount, cobBody, devolucaoBody, toPixCharge, toPixRefund } from './charges.ts';
import { asPayoutRefusal, assertPayoutId, pagamentoBody, toKeyOwner, toPayout } from './payouts.ts';
import { createMtlsAgent, readTlsMaterial } from './tls.ts';
import { createTokenSource } from './token.ts';
import { createHttpsTransport, type HttpTransport } from './transport.ts';

/**
 * Scopes asked for: the standard's `cob` and `pix` (charges, devoluções) and
 * the extension's DICT lookup and payouts (see README.md).
 */
export const DEFAULT_SCOPES = ['cob.write', 'cob.read', 'pix.write', 'pix.read', 'dict.read', 'pagamentos.write', 'pagamentos.read'] as const;

/** Deadline of each HTTP exchange with the PSP (token or API). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface BcbApiPspOptions {
  /** Replaces the mTLS agent built from the config's PEM files (which are then not read). */
  agent?: https.Agent;
  /** Replaces HTTPS entirely (then neither files nor agent are used). */
  transport?: HttpTransport;
  /** Per-request deadline. Default DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** OAuth scopes. Default DEFAULT_SCOPES; a PSP naming the extension's scopes otherwise needs this. */
  scopes?: readonly string[];
  /** Clock for token expiry and charges without `calendario.criacao`. */
  now?: () => Date;
  log?: Pick<Logger, 'debug' | 'warn'>;
}

export interface BcbApiPsp extends PayoutPsp {
  createCharge(input: BcbCreateChargeInput): ReturnType<PayoutPsp['createCharge']>;
  /** Closes the kept-alive connections (platform shutdown, tests). */
  close(): void;
}

function assertHttps(variable: string, url: string): void {
  if (!/^https:\/\//i.test(url)) throw new ConfigError(variable, `must be an https:// URL: the Pix API requires mutual TLS (got ${JSON.stringify(url)})`);
}

/**
 * Id of the devolução for refunding `amountCentavos` of `endToEndId`: derived,
 * not random, so a retried refund (after a timeout, say) repeats the same
 * `PUT` and the PSP returns the devolução it already has instead of paying
 * the payer back twice. Hex, 35 characters (the standard's `[a-zA-Z0-9]{1,35}`).
 */
export function refundIdFor(endToEndId: string, amountCentavos: number): string {
  return createHash('sha256').update(`${endToEndId}:${amountCentavos}`).digest('hex').slice(0, 35);
}

/**
 * The real PSP (PIX_PSP=bcb-api): Banco Central's Pix API standard over
 * mutual TLS with OAuth 2 client credentials, plus the DICT/payout extension
 * documented in README.md. Reads the certificate files once, here.
 * @throws ConfigError naming the PIX_PSP_* variable when a URL is not https
 *   or a PEM file is missing, unreadable or does not match.
 * Calls reject with PspError (see `isTransientPspError`) or, for input the
 * platform should never produce, RangeError.
 */
export function createBcbApiPsp(config: BcbApiPspConfig, opts: BcbApiPspOptions = {}): BcbApiPsp {
  assertHttps('PIX_PSP_BASE_URL', config.baseUrl);
  assertHttps('PIX_PSP_TOKEN_URL', config.tokenUrl);
  const now = opts.now ?? (() => new Date());
  let ownAgent: https.Agent | null = null;
  const transport =
    opts.transport ?? createHttpsTransport(opts.agent ?? (ownAgent = createMtlsAgent(readTlsMaterial(config))), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const tokens = createTokenSource({
    transport,
    tokenUrl: config.tokenUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: opts.scopes ?? DEFAULT_SCOPES,
    now,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const api = createApiClient({ baseUrl: config.baseUrl, transport, tokens, ...(opts.log ? { log: opts.log } : {}) });

  return {
    async createCharge(input) {
      const body = cobBody(input, config.pixKey);
      const operation = 'PUT /cob/{txid}';
      const data = await api.call({ method: 'PUT', path: `/cob/${seg(input.txid)}`, template: '/cob/{txid}', body });
      checkChargeAmount(data, input.amountCentavos, operation);
      return toPixCharge(data, operation, now);
    },

    async getCharge(txid) {
      const data = await api.call({ method: 'GET', path: `/cob/${seg(txid)}`, template: '/cob/{txid}', nullOn404: true });
      return data === null ? null : toPixCharge(data, 'GET /cob/{txid}', now);
    },

    async refund(endToEndId, amountCentavos, reason) {
      const body = devolucaoBody(amountCentavos, reason);
      const id = refundIdFor(endToEndId, amountCentavos);
      const template = '/pix/{e2eid}/devolucao/{id}';
      const data = await api.call({ method: 'PUT', path: `/pix/${seg(endToEndId)}/devolucao/${id}`, template, body });
      return toPixRefund(data, `PUT ${template}`);
    },

    async lookupKey(key, type) {
      const data = await api.call({ method: 'GET', path: `/dict/${seg(key)}`, template: '/dict/{chave}', nullOn404: true });
      return data === null ? null : toKeyOwner(data, key, type, 'GET /dict/{chave}');
    },

    async createPayout(input) {
      const body = pagamentoBody(input);
      try {
        const data = await api.call({ method: 'PUT', path: `/pagamentos/${seg(input.id)}`, template: '/pagamentos/{idEnvio}', body });
        return toPayout(data, 'PUT /pagamentos/{idEnvio}', opts.log);
      } catch (error) {
        throw asPayoutRefusal(error);
      }
    },

    async getPayout(id) {
      assertPayoutId(id);
      const data = await api.call({ method: 'GET', path: `/pagamentos/${seg(id)}`, template: '/pagamentos/{idEnvio}', nullOn404: true });
      return data === null ? null : toPayout(data, 'GET /pagamentos/{idEnvio}', opts.log);
    },

    close() {
      // Only the agent this adapter built; one passed in belongs to the caller.
      ownAgent?.destroy();
    },
  };
}
