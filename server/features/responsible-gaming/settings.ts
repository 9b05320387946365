import { and, eq, sql } from 'drizzle-orm';
import {
  LIMIT_PERIODS,
  type LimitView,
  MONEY_LIMIT_KINDS,
  type ResponsibleGamingView,
  type SessionSummary,
  type UpdateLimitsInput,
} from '../../../src/contract/responsible-gaming.ts';
import type { Db } from '../../db/open.ts';
import { DomainError } from '../../http/errors.ts';
import { ledgerEntries } from '../wallet/schema.ts';
import { sessionStart, usedInPeriods } from './enforce.ts';
import { changeLimit, limitAt, registrationDetailsMissing, registrationLimitsMissing, settleRegistrationMark } from './limits.ts';
import { brasiliaTime, localized, RG_MESSAGES } from './messages.ts';
import { periodBounds } from './periods.ts';
import { type ResponsibleGamingRow, responsibleGaming, type StoredLimit, type StoredLimits } from './schema.ts';

export interface ResponsibleGamingDeps {
  db: Db;
  /** The clock every rule reads (tests set it). */
  now: () => Date;
  /** SELF_EXCLUSION_PLATFORM_URL: the government's centralised self-exclusion platform. */
  selfExclusionPlatformUrl: string;
  /** REALITY_CHECK_MINUTE_SECONDS: seconds a minute of the time alert lasts (60; tests shorten it). */
  realityCheckMinuteSeconds: number;
}

export interface Player {
  tenantId: number;
  userId: number;
}

async function findSettings(db: Db, who: Player, lock = false): Promise<ResponsibleGamingRow | null> {
  const query = db
    .select()
    .from(responsibleGaming)
    .where(and(eq(responsibleGaming.userId, who.userId), eq(responsibleGaming.tenantId, who.tenantId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The player's row, made empty on first use, locked for the rest of `tx`. */
async function lockOrCreate(tx: Db, who: Player): Promise<ResponsibleGamingRow> {
  await tx
    .insert(responsibleGaming)
    .values({ userId: who.userId, tenantId: who.tenantId })
    .onConflictDoNothing({ target: responsibleGaming.userId });
  const row = await findSettings(tx, who, true);
  if (!row) throw new Error('responsible gaming row missing after insert');
  return row;
}

const view = (stored: StoredLimit | undefined, now: Date): LimitView => {
  const at = limitAt(stored, now);
  return { value: at.value, pending: at.pending ? { value: at.pending.value, from: at.pending.from } : null };
};

/** `GET /responsible-gambling`: limits in force with their usage and waiting changes, session, time alert, pause. */
export async function getResponsibleGaming(deps: ResponsibleGamingDeps, who: Player): Promise<ResponsibleGamingView> {
  const now = deps.now();
  const row = await findSettings(deps.db, who);
  const limits = {} as ResponsibleGamingView['limits'];
  for (const kind of MONEY_LIMIT_KINDS) {
    // Usage is shown under a limit only: a kind without any costs no ledger read (the site asks on every page load).
    const limited = LIMIT_PERIODS.some((period) => limitAt(row?.limits[kind]?.[period], now).value !== null);
    const used = limited ? await usedInPeriods(deps.db, who, kind, now) : { day: 0n, week: 0n, month: 0n };
    limits[kind] = {} as ResponsibleGamingView['limits'][typeof kind];
    for (const period of LIMIT_PERIODS) {
      const used_ = used[period] < 0n ? 0 : Number(used[period]);
      limits[kind][period] = { ...view(row?.limits[kind]?.[period], now), used: used_, resets_at: periodBounds(period, now).end.toISOString() };
    }
  }
  const session = view(row?.limits.session, now);
  const started = await sessionStart(deps.db, who, now);
  return {
    limits,
    session: {
      ...session,
      started_at: started?.toISOString() ?? null,
      ends_at: started && session.value !== null ? new Date(started.getTime() + session.value * 60_000).toISOString() : null,
    },
    reality_check_minutes: row?.realityCheckMinutes ?? null,
    minute_seconds: deps.realityCheckMinuteSeconds,
    cool_off_until: row?.coolOffUntil && row.coolOffUntil.getTime() > now.getTime() ? row.coolOffUntil.toISOString() : null,
    self_exclusion_platform_url: deps.selfExclusionPlatformUrl,
    now: now.toISOString(),
    registration_limits_required: row ? registrationLimitsMissing(row.limits, now) : false,
    registration_details_required: row ? registrationDetailsMissing(row.limits) : false,
  };
}

/** The stored limits after applying `input` at `now` (see changeLimit: lower at once, higher or removed after 24 h). */
export function applyLimitChanges(current: StoredLimits, input: UpdateLimitsInput, now: Date): StoredLimits {
  const next: StoredLimits = structuredClone(current);
  for (const kind of MONEY_LIMIT_KINDS) {
    const asked = input[kind];
    if (!asked) continue;
    const periods = { ...next[kind] };
    for (const period of LIMIT_PERIODS) {
      if (asked[period] === undefined) continue;
      periods[period] = changeLimit(periods[period], asked[period], now);
    }
    next[kind] = periods;
  }
  if (input.session_minutes !== undefined) next.session = changeLimit(next.session, input.session_minutes, now);
  return settleRegistrationMark(next, now);
}

/**
 * `PUT /responsible-gambling/limits`: changes the limits named (and the time
 * alert, which changes at once either way), under the row lock so two tabs
 * do not undo each other.
 */
export async function updateLimits(deps: ResponsibleGamingDeps, who: Player, input: UpdateLimitsInput): Promise<ResponsibleGamingView> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockOrCreate(tx, who);
    await tx
      .update(responsibleGaming)
      .set({
        limits: applyLimitChanges(row.limits, input, now),
        ...(input.reality_check_minutes !== undefined ? { realityCheckMinutes: input.reality_check_minutes } : {}),
        updatedAt: now,
      })
      .where(eq(responsibleGaming.userId, who.userId));
  });
  return getResponsibleGaming(deps, who);
}

/**
 * Records limits chosen at registration, in the registration's transaction
 * (a new player has nothing to raise, so they apply at once).
 */
export async function setRegistrationLimits(
  tx: Db,
  who: Player,
  input: { lossLimit: number; lossPeriod: (typeof LIMIT_PERIODS)[number]; sessionMinutes: number },
  now: Date,
): Promise<void> {
  const limits: StoredLimits = { loss: { [input.lossPeriod]: { value: input.lossLimit } }, session: { value: input.sessionMinutes } };
  await tx.insert(responsibleGaming).values({ userId: who.userId, tenantId: who.tenantId, limits, createdAt: now, updatedAt: now });
}

/**
 * Marks a new account of a regulated tenant made without the registration
 * form (a first Google sign-in) as owing what that form asks, in the
 * account's transaction: bets and deposits are refused until the player has
 * given the CPF, the 18+ confirmation and the terms (`registration_incomplete`,
 * confirmRegistrationDetails) and chosen a loss limit and a session-time
 * limit (`limits_required`).
 */
export async function requireRegistrationLimits(tx: Db, who: Player, now: Date): Promise<void> {
  await tx
    .insert(responsibleGaming)
    .values({ userId: who.userId, tenantId: who.tenantId, limits: { registration_pending: true, registration_details_pending: true }, createdAt: now, updatedAt: now });
}

/**
 * Drops the `registration_details_pending` mark in `tx` (which has just saved
 * the CPF), keeping when the 18+ confirmation and the terms were given.
 * False when nothing was owed (the row is locked, so two tabs confirm once).
 */
export async function confirmRegistrationDetails(tx: Db, who: Player, now: Date): Promise<boolean> {
  const row = await findSettings(tx, who, true);
  if (!row || !registrationDetailsMissing(row.limits)) return false;
  const { registration_details_pending: _given, ...limits } = row.limits;
  await tx
    .update(responsibleGaming)
    .set({ limits: { ...limits, registration_details_confirmed_at: now.toISOString() }, updatedAt: now })
    .where(eq(responsibleGaming.userId, who.userId));
  return true;
}

/** True while the player owes the registration form's data (a regulated tenant's first Google sign-in). */
export async function registrationDetailsOwed(db: Db, who: Player): Promise<boolean> {
  const row = await findSettings(db, who);
  return row ? registrationDetailsMissing(row.limits) : false;
}

/**
 * `POST /responsible-gambling/cool-off {days}`: a pause of 1, 7 or 30 days
 * from now (`days` from CoolOffSchema), at once. It cannot be shortened or lifted; a longer one replaces
 * a running one.
 * @throws DomainError 422 `cool_off_shorter` when a pause ending later is running.
 */
export async function startCoolOff(deps: ResponsibleGamingDeps, who: Player, days: number): Promise<ResponsibleGamingView> {
  const now = deps.now();
  const until = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  await deps.db.transaction(async (tx) => {
    const row = await lockOrCreate(tx, who);
    const running = row.coolOffUntil;
    if (running && running.getTime() > until.getTime()) {
      const message = localized(RG_MESSAGES.coolOffShorter, (locale) => ({ until: brasiliaTime(running, locale) }));
      throw new DomainError('cool_off_shorter', 422, { days: [message.pt] }, { message });
    }
    await tx.update(responsibleGaming).set({ coolOffUntil: until, updatedAt: now }).where(eq(responsibleGaming.userId, who.userId));
  });
  return getResponsibleGaming(deps, who);
}

/** `GET /responsible-gambling/session`: time played and net result since the session began, for the time alert. */
export async function sessionSummary(deps: ResponsibleGamingDeps, who: Player): Promise<SessionSummary> {
  const now = deps.now();
  const started = await sessionStart(deps.db, who, now);
  if (!started) return { started_at: null, played_seconds: 0, net_result: 0 };
  const [row] = await deps.db
    .select({
      net: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.type} in ('bet', 'win', 'sports_bet', 'sports_win', 'sports_refund', 'sports_rollback')), 0)::text`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, who.userId), eq(ledgerEntries.tenantId, who.tenantId), sql`${ledgerEntries.createdAt} >= ${started.toISOString()}::timestamptz`));
  return {
    started_at: started.toISOString(),
    played_seconds: Math.max(0, Math.floor((now.getTime() - started.getTime()) / 1000)),
    net_result: Number(row?.net ?? '0'),
  };
}
