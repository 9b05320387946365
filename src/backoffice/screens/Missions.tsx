import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { MissionReward } from '../../contract/missions.ts';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { PlayerIdAction } from '../components/PlayerIdAction.tsx';
import { $locale, formatMoney, t } from '../i18n.ts';
import { $missions, assignMission, loadMissions, setMissionActive } from '../stores/engagement.ts';

function rewardText(reward: MissionReward, locale: string): string {
  if (reward.kind === 'vip_points') return t('coupons.rewardPoints', { points: reward.points });
  if (reward.kind === 'bonus') return t('coupons.rewardBonus', { amount: formatMoney(reward.amount), times: reward.rollover_multiplier });
  return locale === 'pt-BR' ? reward.box_name.pt : reward.box_name.en;
}

/** Missions (marketing): each with its reward and how many players took, finished and claimed it; switch on/off, or give one to a player. */
export function Missions() {
  const state = useStore($missions);
  const locale = useStore($locale);
  useEffect(() => void loadMissions(), []);
  return (
    <>
      <h1>{t('screens.missions')}</h1>
      <Outcome />
      <LoadState state={state} />
      {state.data && state.data.length === 0 && <p className="muted">{t('missions.none')}</p>}
      {state.data && state.data.length > 0 && (
        <DataTable
          label={t('screens.missions')}
          caption={t('missions.caption', { count: state.data.length })}
          columns={[t('promotions.title'), t('coupons.reward'), t('missions.players'), t('staff.state'), t('staff.actions')]}
        >
          {state.data.map((m) => (
            <tr key={m.id} data-mission={m.id}>
              <th scope="row">{locale === 'pt-BR' ? m.title.pt : m.title.en}</th>
              <td>{rewardText(m.reward, locale)}</td>
              <td>{t('missions.counts', { accepted: m.accepted, completed: m.completed, claimed: m.claimed })}</td>
              <td>{m.active ? t('coupons.on') : t('coupons.off')}</td>
              <td>
                <div className="actions">
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
