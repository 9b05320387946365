import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { DomainError } from '../../http/errors.ts';
import { IDEMPOTENCY_MESSAGES } from './messages.ts';
import { idempotencyKeys } from './schema.ts';

/** How long a key keeps its answer; after that it is free again (and purged). */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** Which key: the caller's key within its tenant, actor and route. */
export interface KeyScope {
  tenantId: number;
  /** `user:{id}` or `guest:{id}`. */
  actor: string;
  /** `POST /api/…`, the concrete path. */
  route: string;
  key: string;
}

/** A stored answer: status and the exact JSON text first sent. */
export interface StoredAnswer {
  status: number;
  body: string;
}

export type Claim = { kind: 'claimed' } | { kind: 'stored'; answer: StoredAnswer };

const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;

const matches = (scope: KeyScope) =>
  and(
    eq(idempotencyKeys.tenantId, scope.tenantId),
    eq(idempotencyKeys.actor, scope.actor),
    eq(idempotencyKeys.route, scope.route),
    eq(idempotencyKeys.key, scope.key),
  );

/**
 * Claims `scope` inside the transaction `tx` that will do the work: inserts
 * the key row (or takes over one older than 24 hours). On PostgreSQL a
 * concurrent claim of the same key waits here until the first transaction
 * ends: after its commit it finds the stored answer, after its rollback it
 * claims the key itself. On PGlite transactions run one at a time anyway.
 * @throws DomainError 422 'idempotency_key_reused' when the key was used with another request (`requestHash`).
 * @throws DomainError 409 'idempotency_key_in_progress' if a row without answer is visible (cannot happen: claims commit with their answer).
 */
export async function claimKey(tx: Db, scope: KeyScope, requestHash: string): Promise<Claim> {
  const fresh = { requestHash, responseStatus: null, responseBody: null, createdAt: sql`now()` };
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ ...scope, ...fresh })
    .onConflictDoUpdate({
      target: [idempotencyKeys.tenantId, idempotencyKeys.actor, idempotencyKeys.route, idempotencyKeys.key],
      set: fresh,
      setWhere: lt(idempotencyKeys.createdAt, expired),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { kind: 'claimed' };

  const [row] = await tx.select().from(idempotencyKeys).where(matches(scope));
  if (!row) throw new Error('idempotency key conflicted but no row was found');
  if (row.requestHash !== requestHash) {
    throw new DomainError('idempotency_key_reused', 422, undefined, { message: IDEMPOTENCY_MESSAGES.keyReused });
  }
  if (row.responseStatus === null || row.responseBody === null) {
    throw new DomainError('idempotency_key_in_progress', 409, undefined, { message: IDEMPOTENCY_MESSAGES.inProgress });
  }
  return { kind: 'stored', answer: { status: row.responseStatus, body: row.responseBody } };
}

/** Records the answer of a claimed key, in the same transaction as the work it answers for. */
export async function storeAnswer(tx: Db, scope: KeyScope, answer: StoredAnswer): Promise<void> {
  await tx.update(idempotencyKeys).set({ responseStatus: answer.status, responseBody: answer.body }).where(matches(scope));
}

/** Deletes keys older than 24 hours; answers how many. */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expired)).returning({ key: idempotencyKeys.key });
  return gone.length;
}
