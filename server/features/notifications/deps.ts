import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';
import type { PushMessage, PushTarget, SendPush } from '../push/deps.ts';

/**
 * Sends a browser push (the push feature's sender, wired by the platform).
 * Notifications call it after storing; its failure is logged and never fails
 * the notification.
 */
export type Push = SendPush;
export type { PushMessage, PushTarget };

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
