import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BonusesAnswer } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { expirePlayerBonuses } from '../bonuses/expire.ts';
import { toPlayerBonusView } from '../bonuses/present.ts';
import { type PlayerBonusRow, playerBonuses } from '../bonuses/schema.ts';
import { ledgerEntries } from './schema.ts';
import { listLedgerPage } from './transactions.ts';

function nameOf(metadata: Record<string, unknown>): string | null {
  const { description, coupon } = metadata;
  return typeof description === 'string' ? description : typeof coupon === 'string' ? coupon : null;
}

/**
 * `GET /wallet/bonuses`: the player's bonus credits (and bonuses taken back)
 * and rollover releases, newest first, each with its grant as it is now
 * (`bonus`: progress, expiry, status); and `active`, every bonus still
 * running with its progress. `description` is what the origin named it
 * (`metadata.description`, else a coupon code), when it did. Bonuses past
 * their expiry are forfeited first (docs/rewards.md), so the list never
 * shows an expired bonus as running.
 */
export async function listBonuses(db: Db, q: { tenantId: number; userId: number; page: number; now?: Date }): Promise<BonusesAnswer> {
  await expirePlayerBonuses(db, q);
  const page = await listLedgerPage(db, { ...q, types: ['bonus', 'rollover'] });
  const ids = [...new Set(page.data.map((row) => Number(row.metadata.bonus_id)).filter((id) => Number.isSafeInteger(id) && id > 0))];
  const grants = new Map<number, PlayerBonusRow>();
  if (ids.length > 0) {
    const rows = await db
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.tenantId, q.tenantId), eq(playerBonuses.userId, q.userId), inArray(playerBonuses.id, ids)));
    for (const row of rows) grants.set(row.id, row);
  }
  // A grant's name is on its credit row; the active list reads it from there too.
  const active = await db
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.tenantId, q.tenantId), eq(playerBonuses.userId, q.userId), eq(playerBonuses.status, 'active')))
    .orderBy(asc(playerBonuses.createdAt), asc(playerBonuses.id));
  const names = new Map<string, string | null>();
  if (active.length > 0) {
    const credits = await db
      .select({ reference: ledgerEntries.reference, metadata: ledgerEntries.metadata })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, q.tenantId), eq(ledgerEntries.type, 'bonus'), inArray(ledgerEntries.reference, active.map((b) => `grant:${b.id}`))));
    for (const c of credits) if (c.reference) names.set(c.reference, nameOf(c.metadata));
  }
  return {
    ...page,
    data: page.data.map((row) => {
      const grant = grants.get(Number(row.metadata.bonus_id));
      const description = nameOf(row.metadata);
      return {
        id: row.id,
        type: row.type === 'rollover' ? 'rollover' : 'bonus',
        amount: row.amount,
        description,
        date: row.created_at,
        bonus: grant ? toPlayerBonusView(grant, description) : null,
      };
    }),
    active: active.map((row) => toPlayerBonusView(row, names.get(`grant:${row.id}`) ?? null)),
  };
}
