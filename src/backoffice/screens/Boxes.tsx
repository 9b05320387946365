import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { OperatorBoxView } from '../../contract/boxes.ts';
import { DataTable } from '../components/DataTable.tsx';
import { focusSoon } from '../components/focus.ts';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { PlayerIdAction } from '../components/PlayerIdAction.tsx';
import { $locale, formatMoney, t } from '../i18n.ts';
import type { BoxRemoval } from '../stores/box-editor.ts';
import { $boxes, grantBox, loadBoxes, setBoxActive } from '../stores/engagement.ts';
import { BoxEditor } from './BoxEditor.tsx';

/** Mystery boxes (marketing): price, expected value and prizes of each; create, change or delete one, switch on/off, or grant one to a player. */
export function Boxes() {
  const state = useStore($boxes);
  const locale = useStore($locale);
  const [editing, setEditing] = useState<OperatorBoxView | 'new' | null>(null);
  useEffect(() => void loadBoxes(), []);
  const done = (saved: OperatorBoxView | null) => {
    // Back to the box's row (the new one's, once saved), or to the button that opened the editor.
    const slug = saved?.slug ?? (editing && editing !== 'new' ? editing.slug : null);
    focusSoon(slug ? `[data-box="${slug}"] [data-edit]` : '[data-new-box]');
    setEditing(null);
  };
  // A deleted box's row is gone: the focus goes to the button that makes a new one (an archived box keeps its row), once the editor has closed.
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    document.querySelector<HTMLElement>(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);
  const deleted = (result: BoxRemoval) => {
    setRefocus(result === 'archived' && editing && editing !== 'new' ? `[data-box="${editing.slug}"] [data-edit]` : '[data-new-box]');
    setEditing(null);
  };
  return (
    <>
      <h1>{t('screens.boxes')}</h1>
      <Outcome />
      {editing ? (
        <BoxEditor key={editing === 'new' ? 'new' : editing.slug} box={editing === 'new' ? null : editing} taken={(state.data ?? []).map((b) => b.slug)} onDone={done} onDeleted={deleted} />
      ) : (
        <p>
          <button className="button button--primary" type="button" data-new-box onClick={() => setEditing('new')}>
            {t('boxes.new')}
          </button>
        </p>
      )}
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
                <br />
                <code className="muted">{b.slug}</code>
              </th>
              <td className="num">{b.price > 0 ? formatMoney(b.price) : t('boxes.grantOnly')}</td>
              <td className="num">{formatMoney(b.expected_value)}</td>
              <td className="num">{b.prize_count}</td>
              <td>{b.active ? t('coupons.on') : t('coupons.off')}</td>
              <td>
                <div className="actions">
                  <button className="button button--small" type="button" data-edit onClick={() => setEditing(b)}>
                    {t('boxes.edit', { slug: b.slug })}
                  </button>
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
