import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MISSION_KINDS, type OperatorMissionView, SCOPED_MISSION_KINDS } from '../../contract/missions.ts';
import { Field } from '../components/Field.tsx';
import { describedBy, FieldNotes } from '../components/FieldNotes.tsx';
import { SaveOrCancel } from '../components/TextArea.tsx';
import { formatMoney, localized, t } from '../i18n.ts';
import { hrefOf } from '../router.ts';
import { $boxes, loadBoxes } from '../stores/engagement.ts';
import { boxOptions, createMission, draftOfMission, EMPTY_MISSION, type MissionDraft, saveMission, withRewardKind } from '../stores/mission-form.ts';
import { $fieldErrors } from '../stores/resource.ts';

/**
 * The box a mission gives, chosen by name from the tenant's switched-on
 * boxes (loaded when the list appears); the value is the box's id, as the
 * platform takes it. With no box to give yet, it says so and where to make one.
 */
function RewardBox({ value, stored, onChange, errors }: { value: string; stored: OperatorMissionView | null; onChange: (boxId: string) => void; errors: string[] | undefined }) {
  const id = useId();
  const boxes = useStore($boxes);
  useEffect(() => void loadBoxes(), []);
  const options = boxOptions(boxes.data, stored);
  if (boxes.data && options.length === 0) {
    return (
      <div className="field" data-no-boxes>
        <p className="field__label">{t('missions.box')}</p>
        <p className="message message--info">
          {t('missions.noBoxes')}{' '}
          <a href={hrefOf('boxes')} data-nav>
            {t('missions.noBoxesLink')}
          </a>
        </p>
        <FieldNotes id={id} errors={errors} />
      </div>
    );
  }
  const notes = [...(errors ?? []), ...(boxes.error ? [boxes.error] : [])];
  return (
    <div className="field">
      <label htmlFor={id}>{t('missions.box')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy(id, t('missions.boxHint'), notes)} aria-invalid={errors?.length ? true : undefined}>
        <option value="" disabled>
          {boxes.data ? t('missions.chooseBox') : t('common.loading')}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={t('missions.boxHint')} errors={notes} />
    </div>
  );
}

/**
 * One form for a new mission and for changing one (`mission` given): the
 * same fields, sent whole to create or as a patch of what changed. Editing
 * takes the focus to the form's heading; `onDone` is told when the edit is
 * saved or cancelled.
 */
export function MissionForm({ mission, onDone }: { mission: OperatorMissionView | null; onDone: () => void }) {
  const errors = useStore($fieldErrors);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [d, setD] = useState<MissionDraft>(() => (mission ? draftOfMission(mission) : EMPTY_MISSION));
  const editing = mission !== null;
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);
  const set = (patch: Partial<MissionDraft>) => setD({ ...d, ...patch });
  const said = (...fields: string[]) => {
    const found = fields.flatMap((f) => errors[f] ?? []);
    return found.length ? found : undefined;
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (mission) {
      if (await saveMission(mission, d)) onDone();
    } else if (await createMission(d)) setD(EMPTY_MISSION);
  };
  const bonus = mission?.reward.kind === 'bonus' ? mission.reward : null;
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-title`} data-editing={mission?.id}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {mission ? t('missions.editing', { id: mission.id, title: localized(mission.title) }) : t('missions.new')}
      </h2>
      {mission && mission.accepted > 0 && <p className="muted">{t('missions.takenHint', { count: mission.accepted })}</p>}
      <div className="grid">
        <Field label={t('promotions.titlePt')} lang="pt-BR" value={d.titlePt} onChange={(e) => set({ titlePt: e.target.value })} errors={said('title', 'title.pt')} />
        <Field label={t('promotions.titleEn')} lang="en-US" value={d.titleEn} onChange={(e) => set({ titleEn: e.target.value })} errors={said('title.en')} />
        <Field label={t('missions.descriptionPt')} lang="pt-BR" value={d.descriptionPt} onChange={(e) => set({ descriptionPt: e.target.value })} errors={said('description', 'description.pt')} />
        <Field label={t('missions.descriptionEn')} lang="en-US" value={d.descriptionEn} onChange={(e) => set({ descriptionEn: e.target.value })} errors={said('description.en')} />
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('missions.kind')}</label>
          <select id={`${id}-kind`} value={d.kind} onChange={(e) => set({ kind: e.target.value as MissionDraft['kind'] })}>
            {MISSION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`missions.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t(`missions.targets.${d.kind}`)} inputMode="decimal" value={d.target} onChange={(e) => set({ target: e.target.value })} errors={said('target')} />
        <div className="field">
          <label htmlFor={`${id}-reward`}>{t('coupons.reward')}</label>
          <select id={`${id}-reward`} value={d.rewardKind} onChange={(e) => setD(withRewardKind(d, e.target.value as MissionDraft['rewardKind'], mission))}>
            <option value="vip_points">{t('coupons.kinds.vip_points')}</option>
            <option value="box">{t('missions.boxReward')}</option>
            {bonus && <option value="bonus">{t('missions.bonusKept', { amount: formatMoney(bonus.amount) })}</option>}
          </select>
        </div>
        {d.rewardKind === 'vip_points' && (
          <Field label={t('coupons.points')} inputMode="numeric" value={d.reward} onChange={(e) => set({ reward: e.target.value })} errors={said('reward', 'reward.points')} />
        )}
        {d.rewardKind === 'box' && <RewardBox value={d.reward} stored={mission} onChange={(reward) => set({ reward })} errors={said('reward', 'reward.box_id')} />}
        <Field label={t('missions.startsOn')} type="date" value={d.startsOn} onChange={(e) => set({ startsOn: e.target.value })} errors={said('starts_at')} />
        <Field label={t('missions.endsOn')} type="date" value={d.endsOn} onChange={(e) => set({ endsOn: e.target.value })} errors={said('ends_at')} />
      </div>
      {SCOPED_MISSION_KINDS.includes(d.kind) && (
        <fieldset>
          <legend>{t('missions.scope')}</legend>
          <p className="muted">{t('missions.scopeHint')}</p>
          <div className="grid">
            <Field label={t('missions.game')} hint={t('missions.gameHint')} value={d.game} onChange={(e) => set({ game: e.target.value })} errors={said('scope', 'scope.game')} autoComplete="off" />
            <Field label={t('missions.category')} value={d.category} onChange={(e) => set({ category: e.target.value })} errors={said('scope.category')} autoComplete="off" />
            <Field label={t('missions.provider')} value={d.provider} onChange={(e) => set({ provider: e.target.value })} errors={said('scope.provider')} autoComplete="off" />
          </div>
        </fieldset>
      )}
      <div className="field field--check">
        <input id={`${id}-offered`} type="checkbox" checked={d.offered} onChange={(e) => set({ offered: e.target.checked })} />
        <label htmlFor={`${id}-offered`}>{t('missions.offered')}</label>
      </div>
      <div className="field field--check">
        <input id={`${id}-active`} type="checkbox" checked={d.active} onChange={(e) => set({ active: e.target.checked })} />
        <label htmlFor={`${id}-active`}>{t('missions.active')}</label>
      </div>
      {mission ? (
        <SaveOrCancel save={t('missions.save')} onCancel={onDone} />
      ) : (
        <button className="button button--primary" type="submit">
          {t('missions.create')}
        </button>
      )}
    </form>
  );
}
