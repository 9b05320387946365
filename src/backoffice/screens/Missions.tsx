import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { MISSION_KINDS, type MissionReward } from '../../contract/missions.ts';
import { Field } from '../components/Field.tsx';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { PlayerIdAction } from '../components/PlayerIdAction.tsx';
import { $locale, formatMoney, t } from '../i18n.ts';
import { $missions, assignMission, createMission, EMPTY_MISSION, loadMissions, type MissionDraft, setMissionActive } from '../stores/engagement.ts';
import { $fieldErrors } from '../stores/resource.ts';

function rewardText(reward: MissionReward, locale: string): string {
  if (reward.kind === 'vip_points') return t('coupons.rewardPoints', { points: reward.points });
  if (reward.kind === 'bonus') return t('coupons.rewardBonus', { amount: formatMoney(reward.amount), times: reward.rollover_multiplier });
  return locale === 'pt-BR' ? reward.box_name.pt : reward.box_name.en;
}

function NewMission() {
  const errors = useStore($fieldErrors);
  const [d, setD] = useState<MissionDraft>(EMPTY_MISSION);
  const set = (patch: Partial<MissionDraft>) => setD({ ...d, ...patch });
  const said = (...fields: string[]) => {
    const found = fields.flatMap((f) => errors[f] ?? []);
    return found.length ? found : undefined;
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await createMission(d)) setD(EMPTY_MISSION);
  };
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="new-mission">
      <h2 id="new-mission">{t('missions.new')}</h2>
      <div className="grid">
        <Field label={t('promotions.titlePt')} lang="pt-BR" value={d.titlePt} onChange={(e) => set({ titlePt: e.target.value })} errors={said('title', 'title.pt')} />
        <Field label={t('promotions.titleEn')} lang="en-US" value={d.titleEn} onChange={(e) => set({ titleEn: e.target.value })} errors={said('title.en')} />
        <Field label={t('missions.descriptionPt')} lang="pt-BR" value={d.descriptionPt} onChange={(e) => set({ descriptionPt: e.target.value })} errors={said('description', 'description.pt')} />
        <Field label={t('missions.descriptionEn')} lang="en-US" value={d.descriptionEn} onChange={(e) => set({ descriptionEn: e.target.value })} errors={said('description.en')} />
        <div className="field">
          <label htmlFor="mission-kind">{t('missions.kind')}</label>
          <select id="mission-kind" value={d.kind} onChange={(e) => set({ kind: e.target.value as MissionDraft['kind'] })}>
            {MISSION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`missions.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t(`missions.targets.${d.kind}`)} inputMode="decimal" value={d.target} onChange={(e) => set({ target: e.target.value })} errors={said('target')} />
        <div className="field">
          <label htmlFor="mission-reward-kind">{t('coupons.reward')}</label>
          <select id="mission-reward-kind" value={d.rewardKind} onChange={(e) => set({ rewardKind: e.target.value as MissionDraft['rewardKind'] })}>
            <option value="vip_points">{t('coupons.kinds.vip_points')}</option>
            <option value="box">{t('missions.boxReward')}</option>
          </select>
        </div>
        <Field
          label={d.rewardKind === 'vip_points' ? t('coupons.points') : t('missions.boxId')}
          inputMode="numeric"
          value={d.reward}
          onChange={(e) => set({ reward: e.target.value })}
          errors={said('reward', 'reward.points', 'reward.box_id')}
        />
      </div>
      <div className="field field--check">
        <input id="mission-offered" type="checkbox" checked={d.offered} onChange={(e) => set({ offered: e.target.checked })} />
        <label htmlFor="mission-offered">{t('missions.offered')}</label>
      </div>
      <button className="button button--primary" type="submit">
        {t('missions.create')}
      </button>
    </form>
  );
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
      <NewMission />
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
