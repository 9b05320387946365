import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SportsLang } from '../../../src/contract/sportsbook.ts';
import type { SportsbookKeys } from './keys.ts';

/** Lifetime of a launch token: the widget asks for a new one (`onTokenExpired`) when it runs out. */
export const LAUNCH_TOKEN_SECONDS = 300;

export interface LaunchClaims {
  /** Our operator id at the provider. */
  issuer: string;
  /** The tenant's brand id at the provider. */
  brandId: string;
  playerId: number;
  /** The player's name as the widget greets them. */
  name: string;
  lang: SportsLang;
}

/**
 * The player's token for the widget: ES256 with our key (`kid` names it),
 * claims iss, aud (brand), sub (player id), name, lang, currency BRL,
 * odds_format decimal, iat, nbf, exp (5 minutes) and a random jti. It is a
 * bearer credential for the provider: callers must keep it out of logs and
 * URLs that reach a server (the widget page gets it in the fragment).
 */
export async function signLaunchToken(keys: SportsbookKeys, claims: LaunchClaims, now: Date = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ name: claims.name, lang: claims.lang, currency: 'BRL', odds_format: 'decimal' })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keys.kid })
    .setIssuer(claims.issuer)
    .setAudience(claims.brandId)
    .setSubject(String(claims.playerId))
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + LAUNCH_TOKEN_SECONDS)
    .setJti(randomUUID())
    .sign(keys.signing);
}
