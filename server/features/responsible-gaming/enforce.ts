import { and, eq, gt, gte, isNull, min, or, sql } from 'drizzle-orm';
import { LIMIT_PERIODS, type LimitPeriod, type MoneyLimitKind } from '../../../src/contract/responsible-gaming.ts';
import type { Db } from '../../db/open.ts';
import { assertNotBarred } from '../barred/enforce.ts';
import { pixCharges } from '../payments/schema.ts';
import { accessTokens } from '../users/schema.ts';
import { ledgerEntries } from '../wallet/schema.ts';
import { TOKEN_IDLE_MS } from '../users/tokens.ts';
import { ResponsibleGamingError } from './errors.ts';
import { limitAt, registrationDetailsMissing, registrationLimitsMissing } from './limits.ts';
import { brasiliaTime, limitReachedMessage, localized, minutesText, RG_MESSAGES } from './messages.ts';
import { periodBounds } from './periods.ts';
import { type ResponsibleGamingRow, responsibleGaming } from './schema.ts';

/**
 * Ledger types that are play: their sum over a period is the player's net
 * result (negative = a loss). Written as SQL text so sportsbook types count
 * as soon as they exist, whatever this file knows of them.
 */
const PLAY_TYPES = sql.raw(`('bet', 'win', 'sports_bet', 'sports_win', 'sports_refund', 'sports_rollback')`);
/** Ledger types that are stakes (and their refunds): minus their sum is what was wagered. */
const STAKE_TYPES = sql.raw(`('bet', 'sports_bet', 'sports_refund')`);

export interface MovementCheck {
  tenantId: number;
  userId: number;
  /** The stake or deposit about to be made, in centavos (> 0). */
  amount: bigint | number;
  /** The platform's clock: periods, pauses, cooling periods and the session are read at this instant. */
  now: Date;
}

/**
 * Locks the player's settings row for the rest of `tx` (null = nothing set,
 * nothing to enforce). Every bet and deposit of a player with settings takes
 * this lock BEFORE counting, so concurrent movements are counted one after
 * the other and can never pass a limit together. Take it before the wallet
 * lock (applyMovement), as every caller here does, so locks are always taken
 * in the same order.
 */
async function lockSettings(tx: Db, input: MovementCheck): Promise<ResponsibleGamingRow | null> {
  const [row] = await tx
    .select()
    .from(responsibleGaming)
    .where(and(eq(responsibleGaming.userId, input.userId), eq(responsibleGaming.tenantId, input.tenantId)))
    .for('update');
  return row ?? null;
}

function assertNotCoolingOff(row: ResponsibleGamingRow, now: Date): void {
  if (!row.coolOffUntil || row.coolOffUntil.getTime() <= now.getTime()) return;
  const until = row.coolOffUntil;
  throw new ResponsibleGamingError(
    'cooling_off',
    localized(RG_MESSAGES.coolingOff, (locale) => ({ until: brasiliaTime(until, locale) })),
    { kind: 'cool_off', resets_at: until.toISOString() },
  );
}

/**
 * A regulated tenant's player made by a first Google sign-in, which has no
 * registration form, may not bet or deposit until they have given what the
 * form asks: first the CPF, 18+ confirmation and terms
 * (`registration_incomplete`), then the registration limits (`limits_required`).
 */
function assertRegistrationComplete(row: ResponsibleGamingRow, now: Date): void {
  if (registrationDetailsMissing(row.limits)) {
    throw new ResponsibleGamingError('registration_incomplete', RG_MESSAGES.registrationIncomplete, { kind: 'registration' });
  }
  if (!registrationLimitsMissing(row.limits, now)) return;
  throw new ResponsibleGamingError('limits_required', RG_MESSAGES.limitsRequired, { kind: 'registration' });
}

/** The money limits of `kind` in force at `now`, by period. */
function moneyLimits(row: ResponsibleGamingRow, kind: MoneyLimitKind, now: Date): { period: LimitPeriod; limit: bigint }[] {
  const out: { period: LimitPeriod; limit: bigint }[] = [];
  for (const period of LIMIT_PERIODS) {
    const { value } = limitAt(row.limits[kind]?.[period], now);
    if (value !== null) out.push({ period, limit: BigInt(value) });
  }
  return out;
}

/** Per period, how much of `kind` the ledger holds since the period began (centavos, ≥ 0 for wagers and deposits; a loss may be negative = a gain). */
export async function usedInPeriods(tx: Db, who: { tenantId: number; userId: number }, kind: MoneyLimitKind, now: Date): Promise<Record<LimitPeriod, bigint>> {
  const starts = Object.fromEntries(LIMIT_PERIODS.map((p) => [p, periodBounds(p, now).start])) as Record<LimitPeriod, Date>;
  const earliest = new Date(Math.min(...LIMIT_PERIODS.map((p) => starts[p].getTime())));
  const measure =
    kind === 'loss'
      ? sql`case when ${ledgerEntries.type} in ${PLAY_TYPES} then -${ledgerEntries.amount} else 0 end`
      : kind === 'wager'
        ? sql`case when ${ledgerEntries.type} in ${STAKE_TYPES} then -${ledgerEntries.amount} else 0 end`
        : sql`case when ${ledgerEntries.type} = 'deposit' and ${ledgerEntries.amount} > 0 then ${ledgerEntries.amount} else 0 end`;
  const column = (p: LimitPeriod) => sql<string>`coalesce(sum(${measure}) filter (where ${ledgerEntries.createdAt} >= ${starts[p].toISOString()}::timestamptz), 0)::text`;
  const [row] = await tx
    .select({ day: column('day'), week: column('week'), month: column('month') })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, who.userId), eq(ledgerEntries.tenantId, who.tenantId), gte(ledgerEntries.createdAt, earliest)));
  const used = { day: BigInt(row?.day ?? '0'), week: BigInt(row?.week ?? '0'), month: BigInt(row?.month ?? '0') };
  if (kind === 'deposit') {
    // Charges still payable count as deposits already made: paying them must not pass the limit.
    const [open] = await tx
      .select({ total: sql<string>`coalesce(sum(${pixCharges.amount}), 0)::text` })
      .from(pixCharges)
      .where(and(eq(pixCharges.userId, who.userId), eq(pixCharges.tenantId, who.tenantId), eq(pixCharges.status, 'waiting_payment'), gt(pixCharges.expiresAt, now)));
    const waiting = BigInt(open?.total ?? '0');
    for (const p of LIMIT_PERIODS) used[p] += waiting;
  }
  return used;
}

async function assertMoneyLimits(tx: Db, row: ResponsibleGamingRow, input: MovementCheck, kind: MoneyLimitKind, action: 'bet' | 'deposit'): Promise<void> {
  const limits = moneyLimits(row, kind, input.now);
  if (limits.length === 0) return;
  const used = await usedInPeriods(tx, input, kind, input.now);
  const amount = BigInt(input.amount);
  for (const { period, limit } of limits) {
    if (used[period] + amount <= limit) continue;
    const resetsAt = periodBounds(period, input.now).end;
    throw new ResponsibleGamingError('limit_reached', limitReachedMessage({ action, kind, period, limit, left: limit - used[period], resetsAt }), {
      kind,
      period,
      limit: Number(limit),
      used: Number(used[period] < 0n ? 0n : used[period]),
      resets_at: resetsAt.toISOString(),
    });
  }
}

/**
 * When the player's current session began: the oldest login (access token)
 * still live at `now` (not revoked, not expired, used within the 30-minute
 * idle rule), or null when none is.
 */
export async function sessionStart(db: Db, who: { tenantId: number; userId: number }, now: Date): Promise<Date | null> {
  const idleSince = new Date(now.getTime() - TOKEN_IDLE_MS);
  const [row] = await db
    .select({ start: min(accessTokens.createdAt) })
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.userId, who.userId),
        eq(accessTokens.tenantId, who.tenantId),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
        or(gt(accessTokens.lastUsedAt, idleSince), and(isNull(accessTokens.lastUsedAt), gt(accessTokens.createdAt, idleSince))),
      ),
    );
  const start = row?.start ?? null;
  return start ? new Date(start) : null;
}

async function assertSessionTime(tx: Db, row: ResponsibleGamingRow, input: MovementCheck): Promise<void> {
  const { value: minutes } = limitAt(row.limits.session, input.now);
  if (minutes === null) return;
  const start = await sessionStart(tx, input, input.now);
  if (!start || input.now.getTime() - start.getTime() < minutes * 60_000) return;
  throw new ResponsibleGamingError(
    'session_limit_reached',
    localized(RG_MESSAGES.sessionLimit, () => ({ limit: minutesText(minutes) })),
    { kind: 'session', limit: minutes, resets_at: new Date(start.getTime() + minutes * 60_000).toISOString() },
  );
}

/**
 * Refuses a stake the player's own rules forbid. Call it INSIDE the
 * transaction that moves the stake, before the movement (applyMovement):
 * it locks the player's settings row until that transaction ends, so 50
 * concurrent bets near a limit are counted one after the other and the limit
 * is never passed. Checks, in order: a running pause; the registration
 * data and limits a regulated tenant still waits for; the session-time limit
 * (the session being the oldest live login); the wager limits (stakes so far
 * in the period + this stake ≤ limit); the loss limits (net loss so far in
 * the period + this stake ≤ limit: the stake is what the bet can lose).
 * A player with no settings costs one indexed read. First of all, a player
 * the regulator bars is refused (BarredError 403 `barred`).
 *
 * @throws ResponsibleGamingError 403 `cooling_off` | `registration_incomplete` | `limits_required` | `session_limit_reached` | `limit_reached`, naming the limit and when it resets.
 */
export async function assertWagerAllowed(tx: Db, input: MovementCheck): Promise<void> {
  // A player the regulator bars (SIGAP) may not bet at all, whatever their own settings (server/features/barred).
  await assertNotBarred(tx, input, input.now);
  const row = await lockSettings(tx, input);
  if (!row) return;
  assertNotCoolingOff(row, input.now);
  assertRegistrationComplete(row, input.now);
  await assertSessionTime(tx, row, input);
  await assertMoneyLimits(tx, row, input, 'wager', 'bet');
  await assertMoneyLimits(tx, row, input, 'loss', 'bet');
}

/**
 * Refuses a deposit charge the player's rules forbid: a running pause, the
 * registration data and limits a regulated tenant still waits for, or a deposit
 * limit that the paid deposits of the period, the charges still payable and
 * this one would pass. Call it inside the transaction that
 * records the charge (it holds the settings lock until then). A player the
 * regulator bars is refused first (BarredError 403 `barred`).
 *
 * @throws ResponsibleGamingError 403 `cooling_off` | `registration_incomplete` | `limits_required` | `limit_reached`.
 */
export async function assertDepositAllowed(tx: Db, input: MovementCheck): Promise<void> {
  await assertNotBarred(tx, input, input.now);
  const row = await lockSettings(tx, input);
  if (!row) return;
  assertNotCoolingOff(row, input.now);
  assertRegistrationComplete(row, input.now);
  await assertMoneyLimits(tx, row, input, 'deposit', 'deposit');
}
