import type { AddressView, UfCode } from '../../../src/contract/address.ts';
import type { PlayerAddressRow } from './schema.ts';

/** A stored address as the player's calls return it. */
export function presentAddress(row: PlayerAddressRow): AddressView {
  return {
    cep: row.cep,
    street: row.street,
    number: row.number,
    complement: row.complement,
    district: row.district,
    city: row.city,
    // Only AddressSchema writes the column, so it holds one of the UF codes.
    state: row.state as UfCode,
    updated_at: row.updatedAt.toISOString(),
  };
}
