import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DOCUMENTS_REQUIRED_CODE, VERIFICATION_PAGE_PATH } from '../../../src/contract/documents.ts';
import { type WalletView, WithdrawalStatus } from '../../../src/contract/wallet.ts';
import type { TenantContext } from '../../http/context.ts';
import { isPlayerVerified } from '../documents/status.ts';
import { InsufficientFundsError } from '../wallet/errors.ts';
import { logLedgerEntry } from '../wallet/ledger-log.ts';
import { applyMovement, type MovementResult } from '../wallet/movement.ts';
import { toWalletView } from '../wallet/wallet.ts';
import { publishBalance, type WithdrawalsDeps } from './deps.ts';
import { WithdrawalRefusal } from './errors.ts';
import { reserveReference } from './references.ts';
import { WITHDRAWAL_MESSAGES, withdrawalRangeMessage } from './messages.ts';
import { findPlayer, missingVerification } from './methods.ts';
import { type WithdrawalRow, type WithdrawMethodRow, withdrawals, withdrawMethods } from './schema.ts';

export interface RequestedWithdrawal {
  withdrawal: WithdrawalRow;
  method: WithdrawMethodRow;
  wallet: WalletView;
}

/**
 * Makes a withdrawal of `amount` centavos (already a CentavosSchema value) to
 * the player's own method `methodId`, reserving the funds at once: the
 * withdrawal row and the `withdraw` debit (reference `withdrawal:{id}`) are
 * written in ONE transaction, under the wallet lock of `applyMovement`, so
 * concurrent requests can never spend the same money twice. From
 * `reviewFromCentavos` up it waits for an operator (status 5), otherwise it
 * is pending (status 0) until the payout worker sends it. Publishes
 * `BalanceUpdated`.
 * @throws WithdrawalRefusal 404 for a method that is not the player's (no
 * difference between someone else's and a missing one); 422 when neither
 * e-mail nor phone is verified, outside min_withdrawal…max_withdrawal, or
 * above `balance_withdrawal`; 403 `documents_required` (body `code`,
 * `verification_url`) while the tenant's `kyc` is on and the player's
 * identity documents are not approved (src/contract/documents.ts).
 */
export async function requestWithdrawal(
  deps: WithdrawalsDeps,
  input: { tenant: TenantContext; userId: number; amount: number; methodId: number },
): Promise<RequestedWithdrawal> {
  const { db } = deps;
  const user = await findPlayer(db, input.tenant.id, input.userId);
  const [method] = await db
    .select()
    .from(withdrawMethods)
    .where(and(eq(withdrawMethods.id, input.methodId), eq(withdrawMethods.userId, user.id), eq(withdrawMethods.tenantId, input.tenant.id)));
  if (!method) throw new WithdrawalRefusal('withdraw_method_not_found', 404, WITHDRAWAL_MESSAGES.methodNotFound);

  const missing = missingVerification(user);
  if (missing.length > 0) {
    throw new WithdrawalRefusal('verification_required', 422, WITHDRAWAL_MESSAGES.verificationRequired, { details: { missing_verification: missing } });
  }
  // KYC (issue 17): while the tenant requires it, money leaves only for a player whose identity documents were approved.
  if (input.tenant.config.kyc && !(await isPlayerVerified(db, input.tenant.id, user.id))) {
    throw new WithdrawalRefusal(DOCUMENTS_REQUIRED_CODE, 403, WITHDRAWAL_MESSAGES.documentsRequired, {
      details: { code: DOCUMENTS_REQUIRED_CODE, verification_url: VERIFICATION_PAGE_PATH },
    });
  }
  const { min_withdrawal: min, max_withdrawal: max } = input.tenant.config;
  if (input.amount < min || input.amount > max) {
    throw new WithdrawalRefusal('withdrawal_out_of_range', 422, withdrawalRangeMessage(min, max), { field: 'amount', details: { min, max } });
  }
  // The key was checked against the player's CPF when registered; a CPF changed since then no longer owns it.
  if (method.ownerCpf !== user.cpf) throw new WithdrawalRefusal('pix_key_not_owned', 422, WITHDRAWAL_MESSAGES.keyNotYours, { field: 'method_id' });

  const at = deps.now();
  const status = input.amount >= deps.reviewFromCentavos ? WithdrawalStatus.UnderReview : WithdrawalStatus.Pending;
  let result: { withdrawal: WithdrawalRow; wallet: WalletView; movement: MovementResult };
  try {
    result = await db.transaction(async (tx) => {
      const [withdrawal] = await tx
        .insert(withdrawals)
        .values({
          tenantId: input.tenant.id,
          userId: user.id,
          methodId: method.id,
          amount: BigInt(input.amount),
          status,
          // idEnvio: 32 hex characters, within the PSP's 1…35 letters or digits.
          payoutId: randomBytes(16).toString('hex'),
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!withdrawal) throw new Error('withdrawal insert returned nothing');
      const moved = await applyMovement(tx, {
        tenantId: input.tenant.id,
        userId: user.id,
        type: 'withdraw',
        amount: -input.amount,
        reference: reserveReference(withdrawal.id),
        metadata: { withdrawal_id: withdrawal.id, method: 'pix', status },
      });
      return { withdrawal, wallet: toWalletView(moved.wallet), movement: moved };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new WithdrawalRefusal('insufficient_funds', 422, WITHDRAWAL_MESSAGES.insufficientFunds, { field: 'amount' });
    }
    throw error;
  }
  logLedgerEntry(deps.log, result.movement);
  await publishBalance(deps, user.id, result.wallet);
  return { withdrawal: result.withdrawal, wallet: result.wallet, method };
}
