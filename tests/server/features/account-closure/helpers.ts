import { eq } from 'drizzle-orm';
import type { Db } from '../../../../server/db/open.ts';
import { accountClosures } from '../../../../server/features/account-closure/schema.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';

/** Credits `amount` centavos as a settled deposit would (withdrawable). */
export async function credit(db: Db, tenantId: number, userId: number, amount: number, reference: string): Promise<void> {
  await applyMovement(db, { tenantId, userId, type: 'deposit', amount, reference });
}

/** A player made straight in the database (no password when `password` is false: a Google-only account), with a token. */
export async function rawPlayer(
  db: Db,
  tenantId: number,
  values: Partial<typeof users.$inferInsert> & { username: string },
): Promise<{ userId: number; token: string }> {
  const [row] = await db
    .insert(users)
    .values({ tenantId, name: 'Ana Souza', ...values })
    .returning({ id: users.id });
  const { token } = await issueAccessToken(db, { userId: row!.id, tenantId });
  return { userId: row!.id, token };
}

/** The closures on record for `userId`. */
export async function closuresOf(db: Db, userId: number) {
  return db.select().from(accountClosures).where(eq(accountClosures.userId, userId));
}
