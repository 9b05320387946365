import { and, eq } from 'drizzle-orm';
import type { PlayerLimitsView } from '../../../src/contract/backoffice.ts';
import { LIMIT_PERIODS, type LimitView, MONEY_LIMIT_KINDS } from '../../../src/contract/responsible-gaming.ts';
import type { Db } from '../../db/open.ts';
import { limitAt } from '../responsible-gaming/limits.ts';
import { responsibleGaming, type StoredLimit } from '../responsible-gaming/schema.ts';

function limitView(stored: StoredLimit | undefined, now: Date): LimitView {
  const at = limitAt(stored, now);
  return { value: at.value, pending: at.pending ? { value: at.pending.value, from: at.pending.from } : null };
}

/**
 * The player's limits as they stand at `now` (a waiting raise whose cooling
 * period has passed counts as in force). Usage within each period is left
 * out: it costs ledger sums per kind and period, and the player's own page
 * already shows it.
 */
export async function playerLimits(db: Db, who: { tenantId: number; userId: number }, now: Date): Promise<PlayerLimitsView> {
  const [row] = await db
    .select()
    .from(responsibleGaming)
    .where(and(eq(responsibleGaming.userId, who.userId), eq(responsibleGaming.tenantId, who.tenantId)));
  const money = {} as PlayerLimitsView['money'];
  for (const kind of MONEY_LIMIT_KINDS) {
    money[kind] = {} as PlayerLimitsView['money'][typeof kind];
    for (const period of LIMIT_PERIODS) money[kind][period] = limitView(row?.limits[kind]?.[period], now);
  }
  return {
    money,
    session: limitView(row?.limits.session, now),
    realityCheckMinutes: row?.realityCheckMinutes ?? null,
    coolOffUntil: row?.coolOffUntil && row.coolOffUntil.getTime() > now.getTime() ? row.coolOffUntil.toISOString() : null,
  };
}
