import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../http/context.ts';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import { assertDepositAllowed } from '../responsible-gaming/enforce.ts';
import { users } from '../users/schema.ts';
import { DEPOSIT_EXPIRY_SECONDS, type PaymentsDeps } from './deps.ts';
import { depositRangeMessage, PAYMENT_MESSAGES } from './messages.ts';
import { randomAlnum } from './random-id.ts';
import { type PixChargeRow, pixCharges } from './schema.ts';

/**
 * Creates a Pix charge of `amount` centavos for the player through the PSP
 * and records it (`waiting_payment`, expiring 5 minutes from now).
 * `amount` must already be a valid CentavosSchema value.
 * @throws DomainError 422 'deposit_out_of_range' outside the tenant's min_deposit…max_deposit (details: min, max).
 * @throws DomainError 422 'cpf_required' when the player has no CPF on file (checked after the responsible-gaming rules).
 * @throws ResponsibleGamingError 403 during a pause or past a deposit limit (responsible-gaming/enforce.ts).
 */
export async function createDeposit(deps: PaymentsDeps, input: { tenant: TenantContext; userId: number; amount: number }): Promise<PixChargeRow> {
  const { min_deposit: min, max_deposit: max } = input.tenant.config;
  if (input.amount < min || input.amount > max) {
    const message = depositRangeMessage(min, max);
    throw new DomainError('deposit_out_of_range', 422, { amount: [message.pt] }, { message, details: { min, max } });
  }
  const [user] = await deps.db
    .select({ cpf: users.cpf })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.tenantId, input.tenant.id)));
  if (!user) throw new NotFoundError('user_not_found');

  const createdAt = deps.now();
  // One transaction: the player's limits row stays locked from the check to the charge's insert, so concurrent charges count each other.
  return deps.db.transaction(async (tx) => {
    await assertDepositAllowed(tx, { tenantId: input.tenant.id, userId: input.userId, amount: input.amount, now: createdAt });
    // After the rules: a regulated tenant's Google sign-up without a CPF is told to complete its registration (403 registration_incomplete), not only that a CPF is missing.
    if (!user.cpf) throw new DomainError('cpf_required', 422, undefined, { message: PAYMENT_MESSAGES.cpfRequired });
    const payerCpf = user.cpf;
    const txid = randomAlnum(32);
    const charge = await deps.psp.createCharge({
      txid,
      amountCentavos: input.amount,
      expiresInSeconds: DEPOSIT_EXPIRY_SECONDS,
      payerCpf,
      description: input.tenant.config.siteTitle,
      ...deps.pixIssuer(input.tenant),
    });
    const [row] = await tx
      .insert(pixCharges)
      .values({
        tenantId: input.tenant.id,
        userId: input.userId,
        txid: charge.txid,
        amount: BigInt(input.amount),
        payerCpf,
        pixCopiaECola: charge.pixCopiaECola,
        location: charge.location,
        createdAt,
        // Our clock decides expiry, whatever the PSP's says.
        expiresAt: new Date(createdAt.getTime() + DEPOSIT_EXPIRY_SECONDS * 1000),
      })
      .returning();
    if (!row) throw new Error('pix charge insert returned nothing');
    return row;
  });
}
