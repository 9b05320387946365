import type { BonusView, PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { listLedgerPage } from './transactions.ts';

/**
 * `GET /wallet/bonuses`: the player's bonus credits (and bonuses taken back)
 * and rollover releases, newest first. `description` is what the origin
 * named it (`metadata.description`, else a coupon code), when it did.
 */
export async function listBonuses(db: Db, q: { tenantId: number; userId: number; page: number }): Promise<PagedList<BonusView>> {
  const page = await listLedgerPage(db, { ...q, types: ['bonus', 'rollover'] });
  return {
    ...page,
    data: page.data.map((row) => {
      const { description, coupon } = row.metadata;
      return {
        id: row.id,
        type: row.type === 'rollover' ? 'rollover' : 'bonus',
        amount: row.amount,
        description: typeof description === 'string' ? description : typeof coupon === 'string' ? coupon : null,
        date: row.created_at,
      };
    }),
  };
}
