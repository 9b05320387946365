import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { MissionReward, OperatorMissionView } from '../../contract/missions.ts';
import { DataTable } from '../components/DataTable.tsx';
import { focusSoon } from '../components/focus.ts';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { PlayerIdAction } from '../components/PlayerIdAction.tsx';
import { $locale, formatMoney, t } from '../i18n.ts';
import { $missions, assignMission, loadMissions, setMissionActive } from '../stores/engagement.ts';
import { MissionForm } from './MissionForm.tsx';

function rewardText(reward: MissionReward, locale: string): string {
  if (reward.kind === 'vip_points') return t('coupons.rewardPoints', { points: reward.points });
  if (reward.kind === 'bonus') return t('coupons.rewardBonus', { amount: formatMoney(reward.amount), times: reward.rollover_multiplier });
  return locale === 'pt-BR' ? reward.box_name.pt : reward.box_name.en;
}

/** The target in its unit: money for wager and deposit, × for a multiplier (stored ×100), a count otherwise. */
function goalText(m: OperatorMissionView): string {
  if (m.kind === 'wager' || m.kind === 'deposit') return t(`missions.goals.${m.kind}`, { amount: formatMoney(m.target) });
  if (m.kind === 'multiplier') return t('missions.goals.multiplier', { times: (m.target / 100).toLocaleString($locale.get()) });
  return t(`missions.goals.${m.kind}`, { count: m.target });
}

/** Missions (marketing): each with its reward and how many players took, finished and claimed it; create or change one, switch on/off, or give one to a player. */
export function Missions() {
  const state = useStore($missions);
  const locale = useStore($locale);
  const [editing, setEditing] = useState<OperatorMissionView | null>(null);
  useEffect(() => void loadMissions(), []);
  const doneEditing = () => {
    if (editing) focusSoon(`[data-mission="${editing.id}"] [data-edit]`);
    setEditing(null);
  };
  return (
    <>
      <h1>{t('screens.missions')}</h1>
      <Outcome />
      <MissionForm key={editing?.id ?? 'new'} mission={editing} onDone={doneEditing} />
      <LoadState state={state} />
      {state.data && state.data.length === 0 && <p className="muted">{t('missions.none')}</p>}
      {state.data && state.data.length > 0 && (
        <DataTable
          label={t('screens.missions')}
          caption={t('missions.caption', { count: state.data.length })}
          columns={[t('promotions.title'), t('missions.goal'), t('coupons.reward'), t('missions.players'), t('staff.state'), t('staff.actions')]}
        >
          {state.data.map((m) => (
            <tr key={m.id} data-mission={m.id}>
              <th scope="row">{locale === 'pt-BR' ? m.title.pt : m.title.en}</th>
              <td>{goalText(m)}</td>
              <td>{rewardText(m.reward, locale)}</td>
              <td>{t('missions.counts', { accepted: m.accepted, completed: m.completed, claimed: m.claimed })}</td>
              <td>{m.active ? t('coupons.on') : t('coupons.off')}</td>
              <td>
                <div className="actions">
                  <button className="button button--small" type="button" data-edit onClick={() => setEditing(m)}>
                    {t('missions.edit', { id: m.id })}
                  </button>
                  <button className="button button--small" type="button" onClick={() => void setMissionActive(m, !m.active)}>
                    {m.active ? t('missions.switchOff', { id: m.id }) : t('missions.switchOn', { id: m.id })}
                  </button>
                  {m.active && <PlayerIdAction label={t('missions.giveTo')} button={t('missions.give', { id: m.id })} onSubmit={(userId) => assignMission(m, userId)} />}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
