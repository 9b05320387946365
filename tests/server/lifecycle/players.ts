import { users } from '../../../server/db/schema.ts';
import type { Db } from '../../../server/db/open.ts';
import { findTenantByDomain } from '../../../server/features/tenants/find-tenant.ts';
import { issueAccessToken } from '../../../server/features/users/tokens.ts';
import { applyMovement } from '../../../server/features/wallet/movement.ts';

/** A player of the `localhost` demo tenant with `balance` centavos, and a bearer token (written straight to the database). */
export async function fundedPlayer(db: Db, n: number, balance: number): Promise<{ id: number; token: string }> {
  const tenantId = (await findTenantByDomain(db, 'localhost'))!.id;
  const [row] = await db
    .insert(users)
    .values({ tenantId, name: `Jogador ${n}`, username: `+55119${String(80000000 + n).padStart(8, '0')}` })
    .returning({ id: users.id });
  const { token } = await issueAccessToken(db, { userId: row!.id, tenantId });
  await applyMovement(db, { tenantId, userId: row!.id, type: 'deposit', amount: balance, reference: `lifecycle-deposit-${n}` });
  return { id: row!.id, token };
}

/** One house dice round of `amount` centavos: a money transaction (bet and payout) through the real API. */
export function playDice(base: string, token: string, amount = 100, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}/api/house/dice/play`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ amount, demo: false, params: { target: 5000, direction: 'under' } }),
    ...init,
  });
}
