import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { notify } from '../notifications/notify.ts';
import type { BarredDeps, Player } from './deps.ts';
import { saoPauloDay } from './days.ts';
import { BARRED_MESSAGES, withClosing } from './messages.ts';
import type { BarredAnswer } from './protocol.ts';
import { type BarredCheckRow, barredChecks } from './schema.ts';

export type CheckTrigger = BarredCheckRow['trigger'];
/** What a check changed: the player became barred, the bar was lifted, or nothing. */
export type Transition = 'barred' | 'lifted' | null;

const DAY_MS = 86_400_000;

/** True while the row bars the player (barred, not lifted since). */
export const isBarredRow = (row: Pick<BarredCheckRow, 'barredAt' | 'liftedAt'> | undefined | null): boolean => !!row?.barredAt && !row.liftedAt;

/**
 * The player's check row, made on first use, locked for the rest of `tx`,
 * so two checks of one player (two logins, a login and the sweep) record
 * one after the other and only one of them sees (and announces) a change.
 */
async function lockOrCreate(tx: Db, who: Player, trigger: CheckTrigger, now: Date): Promise<BarredCheckRow> {
  await tx
    .insert(barredChecks)
    .values({ userId: who.userId, tenantId: who.tenantId, checkedOn: saoPauloDay(now), checkedAt: now, trigger })
    .onConflictDoNothing({ target: barredChecks.userId });
  const [row] = await tx
    .select()
    .from(barredChecks)
    .where(and(eq(barredChecks.userId, who.userId), eq(barredChecks.tenantId, who.tenantId)))
    .for('update');
  if (!row) throw new Error('barred check row missing after insert');
  return row;
}

/**
 * Records what the regulator said of `who` at `now`, then tells the player
 * of a change. Barred: a player not barred yet is barred from now on
 * (`barred_at` = now, `closes_at` = now + SIGAP_CLOSE_AFTER_DAYS,
 * `lifted_at` cleared); one already barred keeps their dates. Not barred: a
 * running bar is lifted (`lifted_at` = now, `closes_at` cleared, so no
 * closing is due). Either way `checked_on` / `checked_at` / `trigger` say
 * when and why it ran. The notification goes out after the commit; its
 * failure is logged and never undoes the bar.
 */
export async function recordAnswer(deps: BarredDeps, who: Player, trigger: CheckTrigger, answer: BarredAnswer, now: Date): Promise<Transition> {
  const { transition, row } = await deps.db.transaction(async (tx) => {
    const current = await lockOrCreate(tx, who, trigger, now);
    const checked = { checkedOn: saoPauloDay(now), checkedAt: now, trigger };
    let change: Partial<BarredCheckRow> = checked;
    let transition: Transition = null;
    if (answer.barred && !isBarredRow(current)) {
      change = { ...checked, barredAt: now, reason: answer.reason, closesAt: new Date(now.getTime() + deps.closeAfterDays * DAY_MS), liftedAt: null };
      transition = 'barred';
    } else if (answer.barred) {
      change = { ...checked, reason: answer.reason ?? current.reason };
    } else if (isBarredRow(current)) {
      change = { ...checked, liftedAt: now, closesAt: null };
      transition = 'lifted';
    }
    const [row] = await tx.update(barredChecks).set(change).where(eq(barredChecks.userId, who.userId)).returning();
    return { transition, row: row! };
  });
  if (transition) await announce(deps, who, transition, row);
  return transition;
}

/** Tells the player (notifications feature: stored, live, pushed in the player's language). */
async function announce(deps: BarredDeps, who: Player, transition: 'barred' | 'lifted', row: BarredCheckRow): Promise<void> {
  deps.log.info(`barred: player ${who.userId} of tenant ${who.tenantId} ${transition}${row.closesAt ? `, closes at ${row.closesAt.toISOString()}` : ''}`);
  const content =
    transition === 'barred' && row.closesAt
      ? { title: BARRED_MESSAGES.barredTitle, message: withClosing(BARRED_MESSAGES.barredNotice, row.closesAt) }
      : { title: BARRED_MESSAGES.liftedTitle, message: BARRED_MESSAGES.liftedNotice };
  try {
    await notify(deps.notifications, { tenant: { id: who.tenantId }, userId: who.userId, type: 'user', content });
  } catch (error) {
    deps.log.warn(`barred: player ${who.userId} could not be notified (${transition})`, error);
  }
}

/** The check made at registration (not barred, or the account would not exist), in the registration's transaction: the first login of the day needs no other. */
export async function recordRegistrationCheck(tx: Db, who: Player, now: Date): Promise<void> {
  await tx.insert(barredChecks).values({ userId: who.userId, tenantId: who.tenantId, checkedOn: saoPauloDay(now), checkedAt: now, trigger: 'registration' });
}
