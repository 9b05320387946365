import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDateTime, t } from '../i18n.ts';
import { hrefOf } from '../router.ts';
import { $redemptions, loadRedemptions, redemptionsHref, type RedemptionsPlace } from '../stores/coupon-redemptions.ts';
import { $coupons, loadCoupons, rewardText } from '../stores/coupons.ts';
import { captionOf, emptyText, pagerOf } from '../stores/paged-lists.ts';
import { PlayerRef } from './PlayerRef.tsx';

/** Who redeemed one coupon and when, newest first, one server page at a time (coupon and page in the URL); what the coupon gives, above. */
export function CouponRedemptions({ at }: { at: RedemptionsPlace }) {
  const state = useStore($redemptions);
  const coupons = useStore($coupons);
  useEffect(() => void loadRedemptions(at), [at.code, at.page]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!$coupons.get().data) void loadCoupons();
  }, []);
  const list = state.data?.coupon === at.code ? state.data : null;
  const coupon = coupons.data?.find((c) => c.code === at.code);
  const empty = list ? emptyText(list, t('coupons.redemptions.none')) : null;
  const pager = list ? pagerOf(at.page, list.last_page, (page) => redemptionsHref({ code: at.code, page })) : null;
  return (
    <>
      <p>
        <a href={hrefOf('coupons')} data-nav>
          {t('coupons.redemptions.back')}
        </a>
      </p>
      <h1>{t('coupons.redemptions.title', { code: at.code })}</h1>
      {coupon && <p className="muted">{t('coupons.redemptions.reward', { reward: rewardText(coupon.reward) })}</p>}
      <LoadState state={list || state.error ? state : { ...state, data: null }} />
      {empty && <p className="muted">{empty}</p>}
      {list && list.data.length > 0 && (
        <DataTable label={t('coupons.redemptions.table', { code: at.code })} caption={t('coupons.redemptions.caption', captionOf(list))} columns={[t('lists.player'), t('lists.when')]}>
          {list.data.map((r) => (
            <tr key={r.id} data-redemption={r.id}>
              <th scope="row">
                <PlayerRef id={r.user.id} name={r.user.name} />
              </th>
              <td>{formatDateTime(r.date)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {pager && <Pager label={t('coupons.redemptions.pages')} previous={pager.previous} next={pager.next} />}
    </>
  );
}
