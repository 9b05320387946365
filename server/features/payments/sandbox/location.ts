import { createHash, generateKeyPairSync, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import { centavosToDecimal } from '../../../../src/contract/money.ts';
import { isLocalDomain, normalizeDomain } from '../../tenants/host.ts';
import { PIX_LOCATION_PATH } from '../pix/location.ts';
import type { PixChargeStatus } from '../psp.ts';
import type { PixChargeRow } from '../schema.ts';

/**
 * The sandbox's payload locations (Banco Central's Pix API, tag CobPayload,
 * `GET /{pixUrlAccessToken}`): what a payer's bank app fetches after reading
 * a dynamic BR Code. The standard answers `application/jose`: a compact JWS
 * (RS256, `jku` naming the key set) whose payload is the charge's JSON
 * (`txid`, `calendario` {criacao, apresentacao, expiracao}, `revisao`,
 * `status`, `valor.original`, `chave`). The sandbox signs with an RSA key it
 * makes when first asked (one per process; its public half at
 * `{api}/pix/sandbox/jwks.json`), not with an ICP-Brasil certificate as a
 * real PSP must. `devedor` is left out: the location is an open URL and the
 * player's CPF has no business there.
 */

/** Path of the sandbox's public key set under the API base. */
export const SANDBOX_JWKS_PATH = '/pix/sandbox/jwks.json';

/** The immediate charge's payload JSON (`CobPayload`). */
export interface CobPayload {
  txid: string;
  calendario: { criacao: string; apresentacao: string; expiracao: number };
  revisao: number;
  status: PixChargeStatus;
  valor: { original: string; modalidadeAlteracao: 0 };
  chave: string;
}

/** The sandbox's receiving key of a tenant: a stable random-looking EVP (UUID form), as an operator's account would have. */
export function sandboxPixKey(tenantId: number): string {
  const hex = createHash('sha256').update(`sandbox-pix-key:${tenantId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The payload of charge `row` as seen at `presentedAt` (status as the sandbox knows it). */
export function cobPayload(row: PixChargeRow, status: PixChargeStatus, presentedAt: Date): CobPayload {
  return {
    txid: row.txid,
    calendario: {
      criacao: row.createdAt.toISOString(),
      apresentacao: presentedAt.toISOString(),
      expiracao: Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 1000),
    },
    revisao: 0,
    status,
    valor: { original: centavosToDecimal(row.amount), modalidadeAlteracao: 0 },
    chave: sandboxPixKey(row.tenantId),
  };
}

/** `https://` before a location, `http://` when its host is local (a developer machine has no certificate). */
export function locationScheme(location: string): 'http' | 'https' {
  const domain = normalizeDomain(location.split('/')[0]);
  return domain && isLocalDomain(domain) ? 'http' : 'https';
}

/** The key-set URL (`jku`) beside a charge's location `{base}/pix/qr/{txid}`. */
export function jwksUrlOf(location: string): string {
  const at = location.lastIndexOf(PIX_LOCATION_PATH);
  const apiBase = at > 0 ? location.slice(0, at) : location.split('/')[0];
  return `${locationScheme(location)}://${apiBase}${SANDBOX_JWKS_PATH}`;
}

const base64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** Signs payloads with one RSA key made on first use. */
export interface LocationSigner {
  /** Compact JWS (RS256) of `payload` with `jku` in its header. */
  sign(payload: unknown, jku: string): string;
  /** The public key set (`{ keys: [jwk] }`). */
  jwks(): { keys: JsonWebKey[] };
}

export function createLocationSigner(): LocationSigner {
  let key: { privateKey: KeyObject; publicJwk: JsonWebKey; kid: string } | null = null;
  const current = () => {
    if (!key) {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const jwk = pair.publicKey.export({ format: 'jwk' });
      // RFC 7638 thumbprint as the key id.
      const kid = base64url(createHash('sha256').update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n })).digest());
      key = { privateKey: pair.privateKey, publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' }, kid };
    }
    return key;
  };
  return {
    sign(payload, jku) {
      const k = current();
      const input = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWS', kid: k.kid, jku }))}.${base64url(JSON.stringify(payload))}`;
      return `${input}.${base64url(sign('RSA-SHA256', Buffer.from(input), k.privateKey))}`;
    },
    jwks: () => ({ keys: [current().publicJwk] }),
  };
}
