import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';

/** What the push feature needs; tests inject the clock and `fetch`. */
export interface PushDeps {
  db: Db;
  log: Logger;
  /** VAPID `sub` claim (RFC 8292 §2.1): a `mailto:` or `https:` contact for push services. */
  vapidSubject: string;
  /**
   * Accept `http://` endpoints on loopback hosts (127.0.0.1, localhost, ::1)
   * for local push endpoints in tests; production refuses every non-https
   * endpoint.
   */
  allowLoopbackHttp: boolean;
  now?: () => Date;
  fetch?: typeof globalThis.fetch;
}

/** Who a web push goes to: one player, or (`userId` null) every subscribed player of the tenant. */
export interface PushTarget {
  tenantId: number;
  userId: number | null;
}

/** What a web push shows; `url` is opened by a click (the service worker keeps it same-origin). */
export interface PushMessage {
  title: string;
  body: string;
  url?: string;
  /** The same message per language: each browser gets its player's language, else `title`/`body`. */
  translations?: Partial<Record<'pt' | 'en', { title: string; body: string }>>;
}

/** Sends a web push; never throws (failures are logged). */
export type SendPush = (target: PushTarget, message: PushMessage) => Promise<void>;

/** The push deps from the platform configuration (server/app.ts and main.ts build the routes and the sender with it). */
export function pushDepsFromConfig(opts: { db: Db; log: Logger; config: { push: { vapidSubject: string; allowLoopbackHttp: boolean } } }): PushDeps {
  return { db: opts.db, log: opts.log, vapidSubject: opts.config.push.vapidSubject, allowLoopbackHttp: opts.config.push.allowLoopbackHttp };
}
