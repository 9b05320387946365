import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { createPasswordHasher, type PasswordHasher } from '../auth/password.ts';
import { createDbRateLimiter, type RateLimiter } from '../rate-limit/limiter.ts';
import { TOTP_KEY_BYTES } from './totp-secret.ts';

/** What the back office's services need. */
export interface StaffDeps {
  db: Db;
  hasher: PasswordHasher;
  now: () => Date;
  log: Logger;
  /** Mark the session cookie `Secure` (production, behind https). */
  secureCookie: boolean;
  /** CLIENT_IP_HEADER, for the IP the audit log keeps and the sign-in limit counts. */
  clientIpHeader: string | null;
  /** Counts sign-in attempts per IP (policy.ts STAFF_SIGN_IN_PER_IP). */
  limiter: RateLimiter;
  /** IP_RATE_LIMIT_SCALE, multiplying the per-IP sign-in limit. */
  ipRateLimitScale: number;
  /** STAFF_TOTP_KEY: the AES-256-GCM key TOTP secrets are sealed with (totp-secret.ts). */
  totpKey: Buffer;
}

/** @throws Error when `totpKey` is not 32 bytes (the configuration already refuses such a key). */
export function createStaffDeps(input: {
  db: Db;
  log: Logger;
  scryptLogN: number;
  secureCookie: boolean;
  totpKey: Buffer;
  clientIpHeader?: string | null;
  ipRateLimitScale?: number;
  limiter?: RateLimiter;
  now?: () => Date;
}): StaffDeps {
  if (input.totpKey.length !== TOTP_KEY_BYTES) throw new Error(`STAFF_TOTP_KEY must be ${TOTP_KEY_BYTES} bytes`);
  const now = input.now ?? (() => new Date());
  return {
    db: input.db,
    log: input.log,
    hasher: createPasswordHasher({ logN: input.scryptLogN, r: 8, p: 1 }),
    now,
    secureCookie: input.secureCookie,
    clientIpHeader: input.clientIpHeader ?? null,
    limiter: input.limiter ?? createDbRateLimiter(input.db, now),
    ipRateLimitScale: input.ipRateLimitScale ?? 1,
    totpKey: input.totpKey,
  };
}
