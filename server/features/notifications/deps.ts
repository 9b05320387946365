import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';

/** Who a web push goes to: one player, or (`userId` null) every subscribed player of the tenant. */
export interface PushTarget {
  tenantId: number;
  userId: number | null;
}

/** What a web push shows. */
export interface PushMessage {
  title: string;
  body: string;
  url?: string;
}

/**
 * Sends a browser push (implemented by the push feature, wired by the
 * platform). Notifications call it after storing; its failure is logged and
 * never fails the notification.
 */
export type Push = (target: PushTarget, message: PushMessage) => Promise<void>;

/** What the notification services need: the database, the realtime publisher, an optional push sender, a logger and a clock. */
export interface NotificationsDeps {
  db: Db;
  publish: Publish;
  push?: Push;
  log: Logger;
  /** Read times and creation times; tests inject one. */
  now?: () => Date;
}

export const clockOf = (deps: Pick<NotificationsDeps, 'now'>): Date => (deps.now ? deps.now() : new Date());
