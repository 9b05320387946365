import type { BonusText, CouponRewardView } from '../../contract/bonuses.ts';
import { call } from '../api.ts';
import { formatMoney, t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

/** A coupon as the operator lists it (server/features/bonuses/present.ts `toOperatorCoupon`). */
export interface OperatorCoupon {
  code: string;
  description: BonusText;
  reward: CouponRewardView;
  public: boolean;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_player: number;
  uses: number;
  active: boolean;
}

export interface CouponDraft {
  code: string;
  descriptionPt: string;
  descriptionEn: string;
  kind: 'vip_points' | 'bonus';
  /** VIP points, or reais of bonus money. */
  value: string;
  rollover: string;
  expiresDays: string;
  public: boolean;
  endsAt: string;
  maxUses: string;
  maxUsesPerPlayer: string;
}

/** What a coupon gives, in the staff member's words (`50 pontos VIP`, `R$ 10,00 de bônus, rollover 5×`). */
export function rewardText(reward: CouponRewardView): string {
  if (reward.kind === 'vip_points') return t('coupons.rewardPoints', { points: reward.points });
  if (reward.kind === 'bonus') return t('coupons.rewardBonus', { amount: formatMoney(reward.amount), times: reward.rollover_multiplier });
  return t('coupons.rewardRounds', { rounds: reward.rounds, game: reward.game, stake: formatMoney(reward.stake) });
}

export const $coupons = resource<OperatorCoupon[]>();
const load = loader($coupons);

export function loadCoupons(): Promise<void> {
  return load(async () => (await call<{ coupons: OperatorCoupon[] }>('/operator/coupons')).coupons);
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** The form's text fields as the platform's coupon (it validates everything again and names what is wrong). */
function couponBody(d: CouponDraft) {
  const reward =
    d.kind === 'vip_points'
      ? { kind: 'vip_points', points: number(d.value) }
      : { kind: 'bonus', amount: Math.round(number(d.value) * 100), rollover_multiplier: number(d.rollover), expires_days: number(d.expiresDays) };
  return {
    code: d.code.trim(),
    description: { pt: d.descriptionPt, en: d.descriptionEn },
    reward,
    public: d.public,
    ...(d.endsAt ? { ends_at: new Date(`${d.endsAt}T23:59:59-03:00`).toISOString() } : {}),
    ...(d.maxUses.trim() ? { max_uses: number(d.maxUses) } : {}),
    max_uses_per_player: d.maxUsesPerPlayer.trim() ? number(d.maxUsesPerPlayer) : 1,
  };
}

export async function createCoupon(draft: CouponDraft): Promise<boolean> {
  const ok = await act(() => call('/operator/coupons', { method: 'POST', body: couponBody(draft) }), t('coupons.created', { code: draft.code.trim().toUpperCase() }));
  if (ok) await loadCoupons();
  return ok;
}

export async function setCouponActive(code: string, active: boolean): Promise<void> {
  await act(() => call(`/operator/coupons/${encodeURIComponent(code)}`, { method: 'PATCH', body: { active } }), active ? t('coupons.activated', { code }) : t('coupons.deactivated', { code }));
  await loadCoupons();
}
