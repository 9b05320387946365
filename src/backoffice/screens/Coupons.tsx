import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { DataTable } from '../components/DataTable.tsx';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { $locale, formatDateTime, t } from '../i18n.ts';
import { $place } from '../router.ts';
import { redemptionsHref, redemptionsPlaceOf } from '../stores/coupon-redemptions.ts';
import { $coupons, type CouponDraft, createCoupon, loadCoupons, rewardText, setCouponActive } from '../stores/coupons.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { CouponRedemptions } from './CouponRedemptions.tsx';

const EMPTY: CouponDraft = {
  code: '',
  descriptionPt: '',
  descriptionEn: '',
  kind: 'vip_points',
  value: '',
  rollover: '1',
  expiresDays: '7',
  public: false,
  endsAt: '',
  maxUses: '',
  maxUsesPerPlayer: '1',
};

function NewCoupon() {
  const errors = useStore($fieldErrors);
  const [d, setD] = useState<CouponDraft>(EMPTY);
  const set = (patch: Partial<CouponDraft>) => setD({ ...d, ...patch });
  const said = (...fields: string[]) => {
    const found = fields.flatMap((f) => errors[f] ?? []);
    return found.length ? found : undefined;
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await createCoupon(d)) setD(EMPTY);
  };
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="new-coupon">
      <h2 id="new-coupon">{t('coupons.new')}</h2>
      <div className="grid">
        <Field label={t('coupons.code')} hint={t('coupons.codeHint')} value={d.code} onChange={(e) => set({ code: e.target.value })} errors={said('code')} autoComplete="off" />
        <Field label={t('coupons.descriptionPt')} lang="pt-BR" value={d.descriptionPt} onChange={(e) => set({ descriptionPt: e.target.value })} errors={said('description', 'description.pt')} />
        <Field label={t('coupons.descriptionEn')} lang="en-US" value={d.descriptionEn} onChange={(e) => set({ descriptionEn: e.target.value })} errors={said('description.en')} />
        <div className="field">
          <label htmlFor="coupon-kind">{t('coupons.kind')}</label>
          <select id="coupon-kind" value={d.kind} onChange={(e) => set({ kind: e.target.value as CouponDraft['kind'] })}>
            <option value="vip_points">{t('coupons.kinds.vip_points')}</option>
            <option value="bonus">{t('coupons.kinds.bonus')}</option>
          </select>
        </div>
        <Field
          label={d.kind === 'vip_points' ? t('coupons.points') : t('coupons.amount')}
          inputMode="decimal"
          value={d.value}
          onChange={(e) => set({ value: e.target.value })}
          errors={said('reward', 'reward.points', 'reward.amount')}
        />
        {d.kind === 'bonus' && (
          <>
            <Field label={t('coupons.rollover')} inputMode="decimal" value={d.rollover} onChange={(e) => set({ rollover: e.target.value })} errors={said('reward.rollover_multiplier')} />
            <Field label={t('coupons.expiresDays')} inputMode="numeric" value={d.expiresDays} onChange={(e) => set({ expiresDays: e.target.value })} errors={said('reward.expires_days')} />
          </>
        )}
        <Field label={t('coupons.endsAt')} type="date" value={d.endsAt} onChange={(e) => set({ endsAt: e.target.value })} errors={said('ends_at')} />
        <Field label={t('coupons.maxUses')} hint={t('coupons.maxUsesHint')} inputMode="numeric" value={d.maxUses} onChange={(e) => set({ maxUses: e.target.value })} errors={said('max_uses')} />
        <Field label={t('coupons.maxUsesPerPlayer')} inputMode="numeric" value={d.maxUsesPerPlayer} onChange={(e) => set({ maxUsesPerPlayer: e.target.value })} errors={said('max_uses_per_player')} />
      </div>
      <div className="field field--check">
        <input id="coupon-public" type="checkbox" checked={d.public} onChange={(e) => set({ public: e.target.checked })} />
        <label htmlFor="coupon-public">{t('coupons.public')}</label>
      </div>
      <button className="button button--primary" type="submit">
        {t('coupons.create')}
      </button>
    </form>
  );
}

/** Coupons (marketing): what each gives, how often it was used (and by whom), on or off; a new one validated by the platform (a regulated site refuses bonus money). */
export function Coupons() {
  const place = useStore($place);
  const redemptions = redemptionsPlaceOf(place);
  return redemptions ? <CouponRedemptions at={redemptions} /> : <CouponList />;
}

function CouponList() {
  const state = useStore($coupons);
  const locale = useStore($locale);
  useEffect(() => void loadCoupons(), []);
  return (
    <>
      <h1>{t('screens.coupons')}</h1>
      <Outcome />
      <NewCoupon />
      <LoadState state={state} />
      {state.data && state.data.length === 0 && <p className="muted">{t('coupons.none')}</p>}
      {state.data && state.data.length > 0 && (
        <DataTable
          label={t('screens.coupons')}
          caption={t('coupons.caption', { count: state.data.length })}
          columns={[t('coupons.code'), t('coupons.reward'), t('coupons.uses'), t('coupons.endsAt'), t('staff.state')]}
        >
          {state.data.map((c) => (
            <tr key={c.code} data-coupon={c.code}>
              <th scope="row">
                <code>{c.code}</code>
                <br />
                <span className="muted">{locale === 'pt-BR' ? c.description.pt : c.description.en}</span>
              </th>
              <td>{rewardText(c.reward)}</td>
              <td className="num">
                {c.uses}
                {c.max_uses ? ` / ${c.max_uses}` : ''}
                <br />
                <a href={redemptionsHref({ code: c.code, page: 1 })} data-nav aria-label={t('coupons.redemptions.link', { code: c.code })}>
                  {t('coupons.redemptions.see')}
                </a>
              </td>
              <td>{c.ends_at ? formatDateTime(c.ends_at) : '—'}</td>
              <td>
                {c.active ? t('coupons.on') : t('coupons.off')}{' '}
                <button className="button button--small" type="button" onClick={() => void setCouponActive(c.code, !c.active)}>
                  {c.active ? t('coupons.deactivate', { code: c.code }) : t('coupons.activate', { code: c.code })}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
