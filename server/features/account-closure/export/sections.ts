import { and, asc, eq, gt } from 'drizzle-orm';
import type { ExportSection } from '../../../../src/contract/account-closure.ts';
import type { Db } from '../../../db/open.ts';
import { playerAddresses } from '../../address/schema.ts';
import { providerRounds } from '../../casino/schema.ts';
import { houseRounds } from '../../house/schema.ts';
import { pixCharges } from '../../payments/schema.ts';
import { responsibleGaming } from '../../responsible-gaming/schema.ts';
import { sportsBetslips } from '../../sportsbook/schema.ts';
import { accessTokens, users } from '../../users/schema.ts';
import { ledgerEntries, wallets } from '../../wallet/schema.ts';
import { withdrawals, withdrawMethods } from '../../withdrawals/schema.ts';

/** Whose data: every query filters by both, so no row of another player or tenant can come out. */
export interface ExportScope {
  tenantId: number;
  userId: number;
}

export type ExportRow = Record<string, unknown>;

/** Sections that are one record (an object in JSON, `field,value` rows in CSV). */
export type RecordSection = 'profile' | 'limits' | 'barred_check';

/** Rows read per query: a long history is read page by page, never at once. */
export const EXPORT_PAGE = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (n: bigint | number | null) => (n === null ? null : Number(n));

/** Reads `page(afterId)` until a short page, yielding row by row (keyset paging on `id`). */
export async function* paged<T extends { id: number }>(page: (afterId: number) => Promise<T[]>, shape: (row: T) => ExportRow): AsyncGenerator<ExportRow> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) yield shape(row);
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The player's profile: no password hash, no Google subject (only whether one is linked), no tokens. */
export async function profileOf(db: Db, scope: ExportScope): Promise<ExportRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, scope.userId), eq(users.tenantId, scope.tenantId)));
  if (!user) return null;
  const [address] = await db.select().from(playerAddresses).where(and(eq(playerAddresses.userId, scope.userId), eq(playerAddresses.tenantId, scope.tenantId)));
  const [wallet] = await db.select().from(wallets).where(and(eq(wallets.userId, scope.userId), eq(wallets.tenantId, scope.tenantId)));
  return {
    id: user.id,
    name: user.name,
    phone: user.username,
    email: user.email,
    cpf: user.cpf,
    gender: user.gender,
    marital_status: user.maritalStatus,
    birth_date: user.birthDate,
    language: user.language,
    email_verified_at: iso(user.emailVerifiedAt),
    phone_verified_at: iso(user.phoneVerifiedAt),
    google_linked: user.googleSub !== null,
    has_password: user.passwordHash !== null,
    reference_code: user.referenceCode,
    privacy_settings: user.settings,
    hide_metrics: user.hideMetrics,
    self_exclusion_start_at: iso(user.selfExclusionStartAt),
    self_exclusion_end_at: iso(user.selfExclusionEndAt),
    level: user.level,
    vip_level: user.vipLevel,
    total_bet: user.totalBet,
    created_at: iso(user.createdAt),
    closed_at: iso(user.closedAt),
    address: address
      ? { cep: address.cep, street: address.street, number: address.number, complement: address.complement, district: address.district, city: address.city, state: address.state }
      : null,
    wallet: { balance: num(wallet?.balance ?? 0n), balance_withdrawal: num(wallet?.balanceWithdrawal ?? 0n), deposit_count: wallet?.depositCount ?? 0 },
  };
}

/** Limits, time alert and pause as stored (null: never set). */
export async function limitsOf(db: Db, scope: ExportScope): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(responsibleGaming)
    .where(and(eq(responsibleGaming.userId, scope.userId), eq(responsibleGaming.tenantId, scope.tenantId)));
  if (!row) return null;
  return { limits: row.limits, reality_check_minutes: row.realityCheckMinutes, cool_off_until: iso(row.coolOffUntil), updated_at: iso(row.updatedAt) };
}

/** The list sections: their CSV columns (the JSON objects have the same keys) and their rows, oldest first. */
export const LIST_SECTIONS: Record<Exclude<ExportSection, RecordSection | 'identity_documents'>, { columns: readonly string[]; rows: (db: Db, scope: ExportScope) => AsyncGenerator<ExportRow> }> = {
  transactions: {
    columns: ['id', 'created_at', 'type', 'amount', 'withdrawable_delta', 'balance_after', 'balance_withdrawal_after', 'reference', 'metadata'],
    rows: (db, s) =>
      paged(
        (after) =>
          db
            .select()
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.userId, s.userId), eq(ledgerEntries.tenantId, s.tenantId), gt(ledgerEntries.id, after)))
            .orderBy(asc(ledgerEntries.id))
            .limit(EXPORT_PAGE),
        (r) => ({
          id: r.id,
          created_at: iso(r.createdAt),
          type: r.type,
          amount: num(r.amount),
          withdrawable_delta: num(r.withdrawableDelta),
          balance_after: num(r.balanceAfter),
          balance_withdrawal_after: num(r.balanceWithdrawalAfter),
          reference: r.reference,
          metadata: r.metadata,
        }),
      ),
  },
  deposits: {
    columns: ['id', 'created_at', 'txid', 'amount', 'status', 'payer_cpf', 'end_to_end_id', 'expires_at', 'paid_at', 'refund_reason'],
    rows: (db, s) =>
      paged(
        (after) =>
          db
            .select()
            .from(pixCharges)
            .where(and(eq(pixCharges.userId, s.userId), eq(pixCharges.tenantId, s.tenantId), gt(pixCharges.id, after)))
            .orderBy(asc(pixCharges.id))
            .limit(EXPORT_PAGE),
        (r) => ({
          id: r.id,
          created_at: iso(r.createdAt),
          txid: r.txid,
          amount: num(r.amount),
          status: r.status,
          payer_cpf: r.payerCpf,
          end_to_end_id: r.endToEndId,
          expires_at: iso(r.expiresAt),
          paid_at: iso(r.paidAt),
          refund_reason: r.refundReason,
        }),
      ),
  },
  withdrawals: {
    columns: ['id', 'created_at', 'updated_at', 'amount', 'status', 'reason', 'note', 'pix_key_type', 'pix_key', 'end_to_end_id'],
    rows: (db, s) =>
      paged(
        (after) =>
          db
            .select({ w: withdrawals, keyType: withdrawMethods.type, key: withdrawMethods.key, id: withdrawals.id })
            .from(withdrawals)
            .innerJoin(withdrawMethods, eq(withdrawMethods.id, withdrawals.methodId))
            .where(and(eq(withdrawals.userId, s.userId), eq(withdrawals.tenantId, s.tenantId), gt(withdrawals.id, after)))
            .orderBy(asc(withdrawals.id))
            .limit(EXPORT_PAGE),
        ({ w, keyType, key }) => ({
          id: w.id,
          created_at: iso(w.createdAt),
          updated_at: iso(w.updatedAt),
          amount: num(w.amount),
          status: w.status,
          reason: w.reason,
          note: w.note,
          pix_key_type: keyType,
          pix_key: key,
          end_to_end_id: w.endToEndId,
        }),
      ),
  },
  house_rounds: {
    columns: ['id', 'created_at', 'game', 'amount', 'payout', 'multiplier', 'params', 'outcome'],
    rows: (db, s) =>
      paged(
        (after) =>
          db
            .select()
            .from(houseRounds)
            // (tenant, actor_key, id) is the rounds' index; user_id repeats the filter for certainty.
            .where(and(eq(houseRounds.tenantId, s.tenantId), eq(houseRounds.actorKey, `user:${s.userId}`), eq(houseRounds.userId, s.userId), eq(houseRounds.demo, false), gt(houseRounds.id, after)))
            .orderBy(asc(houseRounds.id))
            .limit(EXPORT_PAGE),
        (r) => ({
          id: r.id,
          created_at: iso(r.createdAt),
          game: r.game,
          amount: num(r.amount),
          payout: num(r.payout),
          multiplier: r.multiplier / 10_000,
          params: r.params,
          outcome: r.outcome,
        }),
      ),
  },
  casino_rounds: {
    columns: ['id', 'created_at', 'provider', 'game', 'round_id', 'stake', 'paid', 'settled_at'],
    rows: (db, s) =>
      paged(
        (after) =>
          db
            .select()
            .from(providerRounds)
            .where(and(eq(providerRounds.userId, s.userId), eq(providerRounds.tenantId, s.tenantId), gt(providerRounds.id, after)))
            .orderBy(asc(providerRounds.id))
            .limit(EXPORT_PAGE),
        (r) => ({
          id: r.id,
          created_at: iso(r.createdAt),
          provider: r.provider,
          game: r.game,
          round_id: r.roundId,
          stake: num(r.stake),
          paid: num(r.paid),
          settled_at: iso(r.settledAt),
        }),
      ),
  },
  sports_bets: {
    columns: ['id', 'placed_at', 'betslip_id', 'bet_type', 'odds', 'stake', 'potential_win', 'payout', 'refunded', 'currency', 'status', 'settled_at'],
    rows: (db, s) =>
      paged(
        (after) =>
          db
            .select()
            .from(sportsBetslips)
            .where(and(eq(sportsBetslips.userId, s.userId), eq(sportsBetslips.tenantId, s.tenantId), gt(sportsBetslips.id, after)))
            .orderBy(asc(sportsBetslips.id))
            .limit(EXPORT_PAGE),
        (r) => ({
          id: r.id,
          placed_at: iso(r.placedAt),
          betslip_id: r.betslipId,
          bet_type: r.betType,
          odds: r.odds,
          stake: num(r.stake),
          potential_win: num(r.potentialWin),
          payout: num(r.payout),
          refunded: num(r.refunded),
          currency: r.currency,
          status: r.status,
          settled_at: iso(r.settledAt),
        }),
      ),
  },
  sessions: {
    columns: ['id', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'],
    rows: (db, s) =>
      paged(
        (after) =>
          db
            .select({
              id: accessTokens.id,
              createdAt: accessTokens.createdAt,
              lastUsedAt: accessTokens.lastUsedAt,
              expiresAt: accessTokens.expiresAt,
              revokedAt: accessTokens.revokedAt,
              ip: accessTokens.ip,
              userAgent: accessTokens.userAgent,
            })
            .from(accessTokens)
            .where(and(eq(accessTokens.userId, s.userId), eq(accessTokens.tenantId, s.tenantId), gt(accessTokens.id, after)))
            .orderBy(asc(accessTokens.id))
            .limit(EXPORT_PAGE),
        (r) => ({ id: r.id, created_at: iso(r.createdAt), last_used_at: iso(r.lastUsedAt), expires_at: iso(r.expiresAt), revoked_at: iso(r.revokedAt), ip: r.ip, user_agent: r.userAgent }),
      ),
  },
};
