import { eq } from 'drizzle-orm';
import type { PlayerRowView } from '../../../src/contract/backoffice.ts';
import type { Db } from '../../db/open.ts';
import { isSelfExcluded } from '../users/present.ts';
import { users } from '../users/schema.ts';
import { wallets } from '../wallet/schema.ts';

/** What a directory row reads: never the password hash, Google subject or settings. */
const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.username,
  cpf: users.cpf,
  createdAt: users.createdAt,
  closedAt: users.closedAt,
  selfExclusionEndAt: users.selfExclusionEndAt,
  blockedAt: users.blockedAt,
  blockedReason: users.blockedReason,
  balance: wallets.balance,
  withdrawable: wallets.balanceWithdrawal,
};

/** Players with their wallet (a player who never moved money has none: 0). Callers add the tenant filter. */
export function selectPlayerRows(db: Db) {
  return db.select(columns).from(users).leftJoin(wallets, eq(wallets.userId, users.id));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectPlayerRows>['execute']>>[number];

export function toPlayerRow(row: SelectedRow, now: Date): PlayerRowView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    cpf: row.cpf,
    balance: Number(row.balance ?? 0n),
    withdrawable: Number(row.withdrawable ?? 0n),
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    selfExcludedUntil: isSelfExcluded(row, now) ? (row.selfExclusionEndAt?.toISOString() ?? null) : null,
    blockedAt: row.blockedAt?.toISOString() ?? null,
    blockedReason: row.blockedAt ? row.blockedReason : null,
  };
}
