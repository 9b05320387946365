import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../http/context.ts';
import { DomainError, NotFoundError } from '../../http/errors.ts';
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
 * @throws DomainError 422 'cpf_required' when the player has no CPF on file.
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
  if (!user.cpf) throw new DomainError('cpf_required', 422, undefined, { message: PAYMENT_MESSAGES.cpfRequired });

  const createdAt = deps.now();
  const txid = randomAlnum(32);
  const charge = await deps.psp.createCharge({
    txid,
    amountCentavos: input.amount,
    expiresInSeconds: DEPOSIT_EXPIRY_SECONDS,
    payerCpf: user.cpf,
    description: input.tenant.config.siteTitle,
    ...deps.pixIssuer(input.tenant),
  });
  const [row] = await deps.db
    .insert(pixCharges)
    .values({
      tenantId: input.tenant.id,
      userId: input.userId,
      txid: charge.txid,
      amount: BigInt(input.amount),
      payerCpf: user.cpf,
      pixCopiaECola: charge.pixCopiaECola,
      location: charge.location,
      createdAt,
      // Our clock decides expiry, whatever the PSP's says.
      expiresAt: new Date(createdAt.getTime() + DEPOSIT_EXPIRY_SECONDS * 1000),
    })
    .returning();
  if (!row) throw new Error('pix charge insert returned nothing');
  return row;
}
