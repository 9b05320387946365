import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';

/** What the house games need: the database, the realtime publisher (main.ts: the realtime server's `publish`; tests: a recorder) and a logger. */
export interface HouseDeps {
  db: Db;
  publish: Publish;
  log: Logger;
}
