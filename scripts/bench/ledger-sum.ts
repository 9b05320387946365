import { and, eq, like, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/db/open.ts';
import { ledgerEntries } from '../../server/features/wallet/schema.ts';

/** Σ ledger amounts of a tenant's entries whose reference starts with `prefix`: what one bench phase moved. */
export async function movedUnder(db: DatabaseHandle['db'], tenantId: number, prefix: string): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), like(ledgerEntries.reference, `${prefix}%`)));
  return BigInt(row?.sum ?? '0');
}
