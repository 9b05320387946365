import type { AuthUser, BarredStatus, PublicProfile } from '../../../src/contract/auth.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import { maskCpf, splitFullName } from '../../../src/contract/validation/index.ts';
import type { UserRow } from './schema.ts';

/** Whether the player is inside a self-exclusion period at `now`. */
export function isSelfExcluded(row: Pick<UserRow, 'selfExclusionEndAt'>, now: Date): boolean {
  return row.selfExclusionEndAt !== null && row.selfExclusionEndAt.getTime() > now.getTime();
}

/** Public URL of a stored avatar file under the API base (PUBLIC_API_URL). */
export function avatarUrl(apiBase: string, file: string | null): string | null {
  return file ? `${apiBase.replace(/\/+$/, '')}/avatars/${file}` : null;
}

/**
 * The user object of the API contract (`data` / `user`). Never exposes the
 * password hash, full CPF or Google subject. `wallet` is the player's wallet
 * (server/features/wallet), zeros when not given; VIP figures are 0 until
 * that feature exists; `barred` the regulator's bar, when the caller read it.
 */
export function toAuthUser(row: UserRow, opts: { apiBase: string; now: Date; wallet?: WalletView; barred?: BarredStatus | null }): AuthUser {
  const { first_name, last_name } = splitFullName(row.name);
  return {
    id: row.id,
    name: row.name,
    first_name,
    last_name,
    email: row.email,
    username: row.username,
    avatar: avatarUrl(opts.apiBase, row.avatar),
    language: row.language,
    birth_date: row.birthDate,
    level: row.level,
    totalBet: row.totalBet,
    vip: { level: row.vipLevel, points: row.vipPoints },
    wallet: opts.wallet ?? { balance: 0, balance_withdrawal: 0, deposit_count: 0 },
    user_likes: [],
    email_verified_at: row.emailVerifiedAt?.toISOString() ?? null,
    phone_verified_at: row.phoneVerifiedAt?.toISOString() ?? null,
    cpf_masked: row.cpf ? maskCpf(row.cpf) : null,
    gender: row.gender,
    marital_status: row.maritalStatus,
    settings: row.settings,
    hide_metrics: row.hideMetrics,
    selfExcluded: isSelfExcluded(row, opts.now),
    start_at: row.selfExclusionStartAt?.toISOString() ?? null,
    end_at: row.selfExclusionEndAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    push_prompt: { closed_at: row.pushPromptClosedAt?.toISOString() ?? null, denied_at: row.pushPromptDeniedAt?.toISOString() ?? null },
    barred: opts.barred ?? null,
  };
}

/**
 * What other players see (`POST /profile/show`): `hide_all` hides everything
 * but the id; `hide_username` hides the name; `hide_statistics` or
 * `hide_metrics` hide level, total bet and VIP.
 */
export function toPublicProfile(row: UserRow, opts: { apiBase: string }): PublicProfile {
  const s = row.settings;
  const all = s.hide_all;
  const stats = all || s.hide_statistics || row.hideMetrics;
  return {
    id: row.id,
    name: all || s.hide_username ? null : row.name,
    avatar: all ? null : avatarUrl(opts.apiBase, row.avatar),
    level: stats ? null : row.level,
    totalBet: stats ? null : row.totalBet,
    vip: stats ? null : { level: row.vipLevel, points: row.vipPoints },
    created_at: row.createdAt.toISOString(),
    hidden: {
      username: all || s.hide_username,
      statistics: stats,
      activity: all || s.hide_activity,
      played_games: all || s.hide_played_games,
      battle_rewards: all || s.hide_battle_rewards,
      all,
    },
  };
}
