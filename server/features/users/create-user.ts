import type { Db } from '../../db/open.ts';
import { type UserRow, users } from './schema.ts';

/** Creates a player account on a tenant. The unique (tenant, username) index refuses duplicates. */
export async function createUser(db: Db, input: { tenantId: number; name: string; username: string }): Promise<UserRow> {
  const [row] = await db.insert(users).values(input).returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}
