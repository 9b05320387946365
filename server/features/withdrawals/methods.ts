import { and, asc, count, eq } from 'drizzle-orm';
import type { PixKeyType, WithdrawMethodsResponse } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { NotFoundError } from '../../http/errors.ts';
import { users } from '../users/schema.ts';
import type { WithdrawalsDeps } from './deps.ts';
import { WithdrawalRefusal } from './errors.ts';
import { WITHDRAWAL_MESSAGES } from './messages.ts';
import { normalisePixKey } from './pix-key.ts';
import { toMethodView } from './present.ts';
import { MAX_WITHDRAW_METHODS, type WithdrawMethodRow, withdrawMethods } from './schema.ts';

/** What a withdrawal needs verified: a verified e-mail OR phone; both listed while neither is. */
export function missingVerification(user: { emailVerifiedAt: Date | null; phoneVerifiedAt: Date | null }): ('email' | 'phone')[] {
  return user.emailVerifiedAt || user.phoneVerifiedAt ? [] : ['email', 'phone'];
}

/** The player's row as the withdrawal services need it. @throws NotFoundError when not a player of the tenant. */
export async function findPlayer(db: Db, tenantId: number, userId: number) {
  const [user] = await db
    .select({ id: users.id, cpf: users.cpf, name: users.name, emailVerifiedAt: users.emailVerifiedAt, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
  if (!user) throw new NotFoundError('user_not_found');
  return user;
}

/** `GET /wallet/withdraw/methods`: the player's keys (oldest first), the tenant's range and what is left to verify. */
export async function listMethods(db: Db, tenant: TenantContext, userId: number): Promise<WithdrawMethodsResponse> {
  const user = await findPlayer(db, tenant.id, userId);
  const rows = await db
    .select()
    .from(withdrawMethods)
    .where(and(eq(withdrawMethods.tenantId, tenant.id), eq(withdrawMethods.userId, userId)))
    .orderBy(asc(withdrawMethods.id));
  return {
    methods: rows.map(toMethodView),
    limits: { min: tenant.config.min_withdrawal, max: tenant.config.max_withdrawal },
    missing_verification: missingVerification(user),
  };
}

async function findMethodByKey(db: Db, userId: number, key: string): Promise<WithdrawMethodRow | null> {
  const [row] = await db
    .select()
    .from(withdrawMethods)
    .where(and(eq(withdrawMethods.userId, userId), eq(withdrawMethods.key, key)));
  return row ?? null;
}

/**
 * Registers a Pix key to withdraw to, owned by the player:
 * the key must be valid for its type; the player must have a CPF on file; a
 * CPF key must be that CPF; the PSP's DICT lookup must name an owner whose
 * CPF is the player's. The same key again answers the existing method
 * (`created: false`) without asking the PSP. At most MAX_WITHDRAW_METHODS
 * keys, counted under the player's row lock so concurrent calls cannot pass it.
 * @throws WithdrawalRefusal 422 (`key` field error) for each refusal; 503 when the PSP lookup fails.
 */
export async function registerMethod(
  deps: Pick<WithdrawalsDeps, 'db' | 'psp' | 'log'>,
  input: { tenant: TenantContext; userId: number; type: PixKeyType; key: string },
): Promise<{ method: WithdrawMethodRow; created: boolean }> {
  const { db } = deps;
  const normalised = normalisePixKey(input.type, input.key);
  if (!normalised.ok) throw new WithdrawalRefusal('pix_key_invalid', 422, normalised.message, { field: 'key' });
  const key = normalised.key;

  const user = await findPlayer(db, input.tenant.id, input.userId);
  const existing = await findMethodByKey(db, user.id, key);
  if (existing) return { method: existing, created: false };
  if (!user.cpf) throw new WithdrawalRefusal('cpf_required', 422, WITHDRAWAL_MESSAGES.cpfRequired, { field: 'key' });
  if (input.type === 'cpf' && key !== user.cpf) throw new WithdrawalRefusal('pix_key_not_owned', 422, WITHDRAWAL_MESSAGES.cpfKeyNotYours, { field: 'key' });
  const tooMany = () => new WithdrawalRefusal('pix_key_limit', 422, WITHDRAWAL_MESSAGES.tooManyKeys, { field: 'key', details: { max: MAX_WITHDRAW_METHODS } });
  const countOf = async (q: Db) => {
    const [row] = await q.select({ n: count() }).from(withdrawMethods).where(eq(withdrawMethods.userId, user.id));
    return row?.n ?? 0;
  };
  // Cheap early refusal before asking the PSP; the count that matters is the locked one below.
  if ((await countOf(db)) >= MAX_WITHDRAW_METHODS) throw tooMany();

  let owner;
  try {
    owner = await deps.psp.lookupKey(key, input.type);
  } catch (error) {
    deps.log.warn(`withdrawals: Pix key lookup failed for user ${user.id}`, error);
    throw new WithdrawalRefusal('pix_key_lookup_unavailable', 503, WITHDRAWAL_MESSAGES.keyLookupUnavailable);
  }
  if (!owner) throw new WithdrawalRefusal('pix_key_not_found', 422, WITHDRAWAL_MESSAGES.keyNotFound, { field: 'key' });
  if (owner.ownerCpf !== user.cpf) throw new WithdrawalRefusal('pix_key_not_owned', 422, WITHDRAWAL_MESSAGES.keyNotYours, { field: 'key' });
  const cpf = user.cpf;

  return db.transaction(async (tx) => {
    // The player's row is the mutex of their key list.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const again = await findMethodByKey(tx, user.id, key);
    if (again) return { method: again, created: false };
    if ((await countOf(tx)) >= MAX_WITHDRAW_METHODS) throw tooMany();
    const [method] = await tx
      .insert(withdrawMethods)
      .values({ tenantId: input.tenant.id, userId: user.id, type: input.type, key, ownerCpf: cpf, ownerName: owner.ownerName.slice(0, 200) })
      .returning();
    if (!method) throw new Error('withdraw method insert returned nothing');
    return { method, created: true };
  });
}
