import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { PlayerIdAction } from '../components/PlayerIdAction.tsx';
import { $locale, formatMoney, t } from '../i18n.ts';
import { $boxes, grantBox, loadBoxes, setBoxActive } from '../stores/engagement.ts';

/** Mystery boxes (marketing): price, expected value and prizes of each; switch on/off, or grant one to a player. */
export function Boxes() {
  const state = useStore($boxes);
  const locale = useStore($locale);
  useEffect(() => void loadBoxes(), []);
  return (
    <>
      <h1>{t('screens.boxes')}</h1>
      <Outcome />
      <LoadState state={state} />
      {state.data && state.data.length === 0 && <p className="muted">{t('boxes.none')}</p>}
      {state.data && state.data.length > 0 && (
        <DataTable
          label={t('screens.boxes')}
          caption={t('boxes.caption', { count: state.data.length })}
          columns={[t('boxes.name'), t('boxes.price'), t('boxes.expected'), t('boxes.prizes'), t('staff.state'), t('staff.actions')]}
        >
          {state.data.map((b) => (
            <tr key={b.id} data-box={b.slug}>
              <th scope="row">
                {locale === 'pt-BR' ? b.name.pt : b.name.en} <span className="muted">#{b.id}</span>
              </th>
              <td className="num">{b.price > 0 ? formatMoney(b.price) : t('boxes.grantOnly')}</td>
              <td className="num">{formatMoney(b.expected_value)}</td>
              <td className="num">{b.prize_count}</td>
              <td>{b.active ? t('coupons.on') : t('coupons.off')}</td>
              <td>
                <div className="actions">
                  <button className="button button--small" type="button" onClick={() => void setBoxActive(b, !b.active)}>
                    {b.active ? t('boxes.switchOff', { slug: b.slug }) : t('boxes.switchOn', { slug: b.slug })}
                  </button>
                  {b.active && <PlayerIdAction label={t('boxes.grantTo')} button={t('boxes.grant', { slug: b.slug })} onSubmit={(userId) => grantBox(b, userId)} />}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
