import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { NotificationsDeps } from '../notifications/deps.ts';
import type { SigapClient } from './sigap-client.ts';

/** What the barred-bettor check needs (built by ./index.ts from the configuration). */
export interface BarredDeps {
  db: Db;
  /** The regulator's adapter; null with SIGAP_PROVIDER=none (nothing is checked). */
  sigap: SigapClient | null;
  /** SIGAP_CLOSE_AFTER_DAYS: `closes_at = barred_at + this many days`. */
  closeAfterDays: number;
  /** How a newly barred (or lifted) player is told. */
  notifications: NotificationsDeps;
  log: Logger;
  now: () => Date;
}

export interface Player {
  tenantId: number;
  userId: number;
}
