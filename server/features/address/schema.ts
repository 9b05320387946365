import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A player's postal address (`POST /address/create`, issue 17): one per
 * player, replaced on each save. CEP is 8 digits, state a UF code (two
 * capital letters, one of the 27); both validated by src/contract/address.ts.
 * Proof of address is accepted only once this row exists.
 */
export const playerAddresses = pgTable('player_addresses', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  cep: text('cep').notNull(),
  street: text('street').notNull(),
  number: text('number').notNull(),
  complement: text('complement'),
  district: text('district').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PlayerAddressRow = typeof playerAddresses.$inferSelect;
