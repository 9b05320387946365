import { and, eq } from 'drizzle-orm';
import type { CashbackItemView } from '../../../src/contract/cashback.ts';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import type { MessageLocale } from '../../http/messages.ts';
import { assertBonusAllowed } from '../bonuses/regulated.ts';
import { applyMovement } from '../wallet/movement.ts';
import { toWalletView } from '../wallet/wallet.ts';
import { CASHBACK_MESSAGES } from './messages.ts';
import { cashbackClaims, cashbackItems } from './schema.ts';
import { cashbackSettings, withdrawablePart } from './settings.ts';
import { toCashbackView } from './view.ts';
import { claimAllowance, nextClaimAmount } from '../../../src/lib/cashback/windows.ts';

/** The ledger reference of claim `claimNo` of item `itemId`: the second guard against paying it twice. */
export const claimReference = (itemId: number, claimNo: number) => `cashback:${itemId}:${claimNo}`;

/**
 * `POST /bonuses/cashback/claim`: one claim of one item. In ONE transaction
 * it locks the item (`FOR UPDATE`: a double click waits for the first claim
 * and then sees it), checks the windows at `now` (src/lib/cashback/windows.ts),
 * records claim number claimed + 1 (unique per item) and credits its share
 * through the ledger (type `bonus`, reference `cashback:{item}:{n}`,
 * withdrawable as `cashback_conversion_percentage` says). Claims of existing
 * items stay open when the operator turns cashback off; never on a regulated tenant.
 * @throws RegulatedBonusError 403 on a regulated tenant.
 * @throws NotFoundError 404 `cashback_not_found` for another player's or a missing item.
 * @throws DomainError 422 `cashback_not_available` when the windows allow no claim now.
 */
export async function claimCashback(
  db: Db,
  input: { tenantId: number; config: SiteConfig; userId: number; itemId: number; now: Date; locale?: MessageLocale },
): Promise<{ item: CashbackItemView; wallet: WalletView; amount: number }> {
  try {
    return await claimOnce(db, input);
  } catch (error) {
    throw input.locale ? withFieldWords(error, input.locale) : error;
  }
}

/**
 * The refusal's words also on the `cashback_id` field, in the caller's
 * language: the site shows a refusal's `errors`, not its `message`.
 */
function withFieldWords(error: unknown, locale: MessageLocale): unknown {
  if (!(error instanceof DomainError) || error.errors || !error.localized) return error;
  return new DomainError(error.code, error.status, { cashback_id: [error.localized[locale]] }, { message: error.localized, details: error.details });
}

async function claimOnce(db: Db, input: { tenantId: number; config: SiteConfig; userId: number; itemId: number; now: Date }): Promise<{ item: CashbackItemView; wallet: WalletView; amount: number }> {
  assertBonusAllowed(input.config);
  const settings = cashbackSettings(input.config);
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(cashbackItems)
      .where(and(eq(cashbackItems.id, input.itemId), eq(cashbackItems.tenantId, input.tenantId), eq(cashbackItems.userId, input.userId)))
      .for('update');
    if (!item) throw new NotFoundError('cashback_not_found', { message: CASHBACK_MESSAGES.notFound });
    const allowance = claimAllowance({ type: item.type, available_at: item.availableAt }, input.now);
    if (allowance - item.claimed <= 0) {
      throw new DomainError('cashback_not_available', 422, undefined, {
        message: allowance === 0 ? CASHBACK_MESSAGES.notYet : CASHBACK_MESSAGES.claimedAll,
        details: { available_at: item.availableAt.toISOString() },
      });
    }
    const claimNo = item.claimed + 1;
    const amount = nextClaimAmount({ type: item.type, amount: item.amount, claimed: item.claimed, claimed_amount: item.claimedAmount });
    await tx.insert(cashbackClaims).values({ tenantId: input.tenantId, itemId: item.id, userId: input.userId, claimNo, amount, createdAt: input.now });
    const moved = await applyMovement(tx, {
      tenantId: input.tenantId,
      userId: input.userId,
      type: 'bonus',
      amount,
      withdrawableDelta: withdrawablePart(amount, settings.withdrawableBp),
      reference: claimReference(item.id, claimNo),
      metadata: { description: 'Cashback', source: 'cashback', cashback_id: item.id, claim_no: claimNo, period_start: item.periodStart },
    });
    const [updated] = await tx
      .update(cashbackItems)
      .set({ claimed: claimNo, claimedAmount: item.claimedAmount + amount })
      .where(eq(cashbackItems.id, item.id))
      .returning();
    return { item: toCashbackView(updated!, input.now), wallet: toWalletView(moved.wallet), amount };
  });
}
