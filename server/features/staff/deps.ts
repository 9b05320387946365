import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { createPasswordHasher, type PasswordHasher } from '../auth/password.ts';

/** What the back office's services need. */
export interface StaffDeps {
  db: Db;
  hasher: PasswordHasher;
  now: () => Date;
  log: Logger;
  /** Mark the session cookie `Secure` (production, behind https). */
  secureCookie: boolean;
  /** CLIENT_IP_HEADER, for the IP the audit log keeps. */
  clientIpHeader: string | null;
}

export function createStaffDeps(input: { db: Db; log: Logger; scryptLogN: number; secureCookie: boolean; clientIpHeader?: string | null; now?: () => Date }): StaffDeps {
  return {
    db: input.db,
    log: input.log,
    hasher: createPasswordHasher({ logN: input.scryptLogN, r: 8, p: 1 }),
    now: input.now ?? (() => new Date()),
    secureCookie: input.secureCookie,
    clientIpHeader: input.clientIpHeader ?? null,
  };
}
