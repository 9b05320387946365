import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { NotificationsDeps } from '../notifications/deps.ts';
import type { Publish } from '../payments/deps.ts';

/** What the mission calls need: the database, the realtime publisher, a logger and the notifications (assignments, won boxes). */
export interface MissionsDeps {
  db: Db;
  publish: Publish;
  log: Logger;
  notifications: NotificationsDeps;
}
