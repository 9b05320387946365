import { Hono } from 'hono';
import * as v from 'valibot';
import { PageQuerySchema, TransactionsQuerySchema } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { userActor } from '../auth/routes.ts';
import { listBonuses } from './bonuses.ts';
import { listCasinoBets } from './casino-bets.ts';
import { listLedgerPage, TRANSACTION_FILTER_TYPES } from './transactions.ts';
import { getWallet, toWalletView } from './wallet.ts';

/** Wallet reads of section 7 (transactions, casino bets, bonuses) for the logged-in player, under `/api`. */
export function walletRoutes(deps: { db: Db }): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/profile/wallet', requireUser, async (c) => {
      const wallet = await getWallet(deps.db, c.get('tenant').id, userActor(c.get('actor')).userId);
      c.header('Cache-Control', 'no-store');
      return c.json({ wallet: toWalletView(wallet) });
    })
    .get('/wallet/transactions', requireUser, async (c) => {
      const query = v.parse(TransactionsQuerySchema, { page: c.req.query('page'), type: c.req.query('type') });
      const page = await listLedgerPage(deps.db, {
        tenantId: c.get('tenant').id,
        userId: userActor(c.get('actor')).userId,
        types: TRANSACTION_FILTER_TYPES[query.type],
        page: query.page,
      });
      c.header('Cache-Control', 'no-store');
      return c.json(page);
    })
    .get('/wallet/bets', requireUser, async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      c.header('Cache-Control', 'no-store');
      return c.json(await listCasinoBets(deps.db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, page }));
    })
    .get('/wallet/bonuses', requireUser, async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      c.header('Cache-Control', 'no-store');
      return c.json(await listBonuses(deps.db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, page }));
    });
}
