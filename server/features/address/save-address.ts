import type { AddressInput, AddressView } from '../../../src/contract/address.ts';
import type { Db } from '../../db/open.ts';
import type { AddressOwner } from './find-address.ts';
import { presentAddress } from './present.ts';
import { playerAddresses } from './schema.ts';

/**
 * Creates the player's one address or replaces it (`POST /address/create`).
 * One upsert on the primary key (the user), so two saves racing leave one
 * row holding the later one. `input` is already validated and normalised
 * by AddressSchema.
 */
export async function saveAddress(db: Db, owner: AddressOwner, input: AddressInput, now: Date = new Date()): Promise<AddressView> {
  const values = {
    cep: input.cep,
    street: input.street,
    number: input.number,
    complement: input.complement,
    district: input.district,
    city: input.city,
    state: input.state,
  };
  const [row] = await db
    .insert(playerAddresses)
    .values({ userId: owner.userId, tenantId: owner.tenantId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: playerAddresses.userId, set: { ...values, updatedAt: now } })
    .returning();
  return presentAddress(row!);
}
