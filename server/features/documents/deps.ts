import { join } from 'node:path';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { NotificationsDeps } from '../notifications/deps.ts';
import { createDocumentStore, type DocumentStore } from './store.ts';

/** What the document services need: the database, the private file store, the clock, a logger, and notifications for the review's outcome. */
export interface DocumentsDeps {
  db: Db;
  store: DocumentStore;
  now: () => Date;
  log: Logger;
  notifications: NotificationsDeps;
}

/** The document services' dependencies with files under `{dataDir}/documents`. */
export function createDocumentsDeps(base: { db: Db; dataDir: string; log: Logger; notifications: NotificationsDeps; now?: () => Date }): DocumentsDeps {
  return {
    db: base.db,
    store: createDocumentStore(join(base.dataDir, 'documents')),
    now: base.now ?? (() => new Date()),
    log: base.log,
    notifications: base.notifications,
  };
}
