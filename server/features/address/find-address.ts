import { and, eq } from 'drizzle-orm';
import type { AddressView } from '../../../src/contract/address.ts';
import type { Db } from '../../db/open.ts';
import { presentAddress } from './present.ts';
import { playerAddresses } from './schema.ts';

/** Whose address: every read and write filters by both, so one tenant never sees another's rows. */
export interface AddressOwner {
  tenantId: number;
  userId: number;
}

/** The player's address, or null when they have not saved one. */
export async function findAddress(db: Db, owner: AddressOwner): Promise<AddressView | null> {
  const [row] = await db
    .select()
    .from(playerAddresses)
    .where(and(eq(playerAddresses.userId, owner.userId), eq(playerAddresses.tenantId, owner.tenantId)));
  return row ? presentAddress(row) : null;
}
