import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/open.ts';
import { IDEMPOTENCY_MESSAGES } from '../features/idempotency/messages.ts';
import { claimKey, type KeyScope, purgeExpiredKeys, type StoredAnswer, storeAnswer } from '../features/idempotency/store.ts';
import type { Logger } from '../logger.ts';
import type { Actor, AppEnv } from './context.ts';
import { BadRequestError } from './errors.ts';

/** 1 to 255 visible ASCII characters (no spaces): a UUID, a ULID, any opaque token. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Answer of a replayed call, so clients and logs can tell. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** How the work of a money call reaches the database and the outside world. */
export interface MoneyCallScope {
  /** Where to read and write: the transaction that also stores the key's answer when a key was sent, else the app's database. */
  db: Db;
  /**
   * Wraps a side effect (a realtime publish, a payout dispatch) so calls to it
   * are queued and run only once the work has committed, and never for a
   * replay. Failures are logged, never turned into an error answer.
   */
  later<A extends unknown[]>(effect: (...args: A) => Promise<void>): (...args: A) => Promise<void>;
}

/** What a money call answers when it succeeds (failures are thrown DomainErrors, never stored). */
export interface MoneyAnswer {
  status: ContentfulStatusCode;
  body: unknown;
}

/** The platform's last purge of expired keys, per database. */
const lastPurge = new WeakMap<Db, number>();
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** JSON with object keys sorted, so two equal requests hash alike whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The request's `Idempotency-Key`, or undefined without one.
 * @throws BadRequestError 400 'invalid_idempotency_key' unless 1–255 visible ASCII characters.
 */
function readIdempotencyKey(c: Context): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BadRequestError('invalid_idempotency_key', { message: IDEMPOTENCY_MESSAGES.invalidKey });
  return key;
}

function actorScope(actor: Actor): string {
  return actor.kind === 'user' ? `user:${actor.userId}` : `guest:${actor.guestId}`;
}

function send(c: Context, answer: StoredAnswer, replayed: boolean): Response {
  c.header('Cache-Control', 'no-store');
  if (replayed) c.header(REPLAYED_HEADER, 'true');
  return c.body(answer.body, answer.status as ContentfulStatusCode, { 'Content-Type': 'application/json' });
}

async function purgeOccasionally(db: Db, log: Logger): Promise<void> {
  const now = Date.now();
  if (now - (lastPurge.get(db) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(db, now);
  try {
    const purged = await purgeExpiredKeys(db);
    if (purged > 0) log.debug(`idempotency: ${purged} expired keys purged`);
  } catch (error) {
    log.warn('idempotency: purge of expired keys failed', error);
  }
}

/**
 * Runs one money call (`work`) at most once per `Idempotency-Key`.
 *
 * Without the header (or without any actor) it simply runs `work` on the
 * app's database. With it, the key, scoped by tenant, actor and route, is
 * claimed in a transaction, `work` runs in that same transaction and its
 * answer is stored there too: the money movement and the stored answer
 * commit together or not at all. So a retry after the platform died between
 * commit and answer finds the stored answer and gets it (same status, same
 * bytes, `Idempotent-Replayed: true`) instead of moving money again. A
 * concurrent duplicate waits for the first to finish and then replays it.
 * A failure (a thrown error) rolls everything back, the key included, so the
 * same key may be retried. Keys count for 24 hours.
 *
 * `request` is the validated input: the same key with a different one is refused.
 * @throws BadRequestError 400 for a malformed key; DomainError 422 'idempotency_key_reused'.
 */
export async function idempotent(
  c: Context<AppEnv>,
  deps: { db: Db; log: Logger },
  request: unknown,
  work: (scope: MoneyCallScope) => Promise<MoneyAnswer>,
): Promise<Response> {
  const key = readIdempotencyKey(c);
  const effects: Array<() => Promise<void>> = [];
  const scopeOn = (db: Db): MoneyCallScope => ({
    db,
    later:
      (effect) =>
      async (...args) =>
        void effects.push(() => effect(...args)),
  });
  const runEffects = async (): Promise<void> => {
    for (const effect of effects) {
      await effect().catch((error: unknown) => deps.log.warn(`idempotency: effect after ${c.req.method} ${c.req.path} failed`, error));
    }
  };

  const actor = c.get('actor');
  if (key === undefined || actor === null) {
    const answer = await work(scopeOn(deps.db));
    await runEffects();
    return send(c, { status: answer.status, body: JSON.stringify(answer.body) }, false);
  }

  await purgeOccasionally(deps.db, deps.log);
  const scope: KeyScope = { tenantId: c.get('tenant').id, actor: actorScope(actor), route: `${c.req.method} ${c.req.path}`, key };
  const requestHash = createHash('sha256').update(canonicalJson(request)).digest('hex');
  const outcome = await deps.db.transaction(async (tx) => {
    const claim = await claimKey(tx, scope, requestHash);
    if (claim.kind === 'stored') return { answer: claim.answer, replayed: true };
    const done = await work(scopeOn(tx));
    const answer = { status: done.status, body: JSON.stringify(done.body) };
    await storeAnswer(tx, scope, answer);
    return { answer, replayed: false };
  });
  if (!outcome.replayed) await runEffects();
  return send(c, outcome.answer, outcome.replayed);
}
