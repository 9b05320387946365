import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import { users } from '../users/schema.ts';
import type { BarredDeps, Player } from './deps.ts';
import { BARRED_MESSAGES } from './messages.ts';
import { isBarredRow, recordAnswer } from './record-check.ts';
import { type BarredCheckRow, barredChecks } from './schema.ts';
import { SigapUnavailableError } from './sigap-client.ts';

/** One player's standing with the regulator, as the operator API shows it. */
export interface BarredView {
  user_id: number;
  barred: boolean;
  barred_at: string | null;
  reason: string | null;
  closes_at: string | null;
  lifted_at: string | null;
  checked_at: string | null;
  trigger: BarredCheckRow['trigger'] | null;
}

const iso = (at: Date | null | undefined): string | null => at?.toISOString() ?? null;

export function toBarredView(userId: number, row: BarredCheckRow | undefined): BarredView {
  return {
    user_id: userId,
    barred: isBarredRow(row),
    barred_at: iso(row?.barredAt),
    reason: row?.reason ?? null,
    closes_at: iso(row?.closesAt),
    lifted_at: iso(row?.liftedAt),
    checked_at: iso(row?.checkedAt),
    trigger: row?.trigger ?? null,
  };
}

/** The tenant's players barred now (not lifted), the soonest closing first. */
export async function listBarred(deps: Pick<BarredDeps, 'db'>, tenantId: number): Promise<BarredView[]> {
  const rows = await deps.db
    .select()
    .from(barredChecks)
    .where(and(eq(barredChecks.tenantId, tenantId), isNotNull(barredChecks.barredAt), isNull(barredChecks.liftedAt)))
    .orderBy(asc(barredChecks.closesAt), asc(barredChecks.userId));
  return rows.map((row) => toBarredView(row.userId, row));
}

/**
 * Asks the regulator about one player now (trigger `operator`) and records
 * the answer as any check does (a new bar notifies the player, a lifted one
 * too), whatever day it last ran.
 * @throws NotFoundError 404 `user_not_found` for no such player of the tenant.
 * @throws DomainError 422 `cpf_missing` for a player without a CPF; 409 `barred_check_off` with SIGAP_PROVIDER=none; 503 `barred_check_unavailable`.
 */
export async function checkPlayerNow(deps: BarredDeps, who: Player): Promise<BarredView> {
  const [user] = await deps.db.select({ cpf: users.cpf }).from(users).where(and(eq(users.id, who.userId), eq(users.tenantId, who.tenantId)));
  if (!user) throw new NotFoundError('user_not_found', { message: BARRED_MESSAGES.playerNotFound });
  if (!deps.sigap) throw new DomainError('barred_check_off', 409, undefined, { message: BARRED_MESSAGES.checkOff });
  if (!user.cpf) throw new DomainError('cpf_missing', 422, undefined, { message: BARRED_MESSAGES.cpfMissing });
  let answer;
  try {
    answer = (await deps.sigap.check([user.cpf])).get(user.cpf);
  } catch (error) {
    if (!(error instanceof SigapUnavailableError)) throw error;
    deps.log.warn(`barred: operator check of player ${who.userId} failed (${error.message})`);
    throw new DomainError('barred_check_unavailable', 503, undefined, { message: BARRED_MESSAGES.operatorUnavailable });
  }
  if (answer) await recordAnswer(deps, who, 'operator', answer, deps.now());
  const [row] = await deps.db.select().from(barredChecks).where(eq(barredChecks.userId, who.userId));
  return toBarredView(who.userId, row);
}
