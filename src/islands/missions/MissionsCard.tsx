import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import type { MissionView } from '../../contract/missions.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { $accepts, $claims, $missions, acceptMission, claimMission, loadMissions, type MissionActionState } from '../../stores/missions.ts';
import { failureText, progressText, rewardText } from './texts.ts';
import './missions.css';

const DATE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

function MissionItem({ t, locale, mission, accept, claim }: { t: TFunction; locale: Locale; mission: MissionView; accept: MissionActionState; claim: MissionActionState }) {
  const title = mission.title[locale];
  const description = mission.description[locale];
  const ends = mission.ends_at ? new Intl.DateTimeFormat(DATE_TAGS[locale], { dateStyle: 'short', timeStyle: 'short' }).format(new Date(mission.ends_at)) : null;
  const running = mission.status === 'accepted' || mission.status === 'completed';
  const failure = mission.status === 'available' && accept.status === 'failed' ? failureText(t, accept.failure, 'accept') : claim.status === 'failed' ? failureText(t, claim.failure, 'claim') : null;
  return (
    <li className="mission-card" data-testid="mission-card" data-mission-id={mission.id}>
      <div className="mission-card__head">
        <strong>{title}</strong>
        <span className="mission-card__status">{t(`missions.status.${mission.status}`)}</span>
      </div>
      {description !== '' && <p>{description}</p>}
      {running && (
        <div className="mission-card__progress">
          <progress max={100} value={mission.percent} aria-label={t('missions.widget.progressLabel', { title })} />
          <span>{mission.percent}%</span>
        </div>
      )}
      <p>{progressText(t, mission, locale)}</p>
      <p>{t(mission.status === 'claimed' ? 'missions.reward.received' : 'missions.reward.label', { reward: rewardText(t, mission.reward, locale) })}</p>
      {ends && mission.status !== 'claimed' && <p>{t('missions.list.ends', { date: ends })}</p>}
      <div className="mission-card__actions">
        {mission.status === 'available' && (
          <button type="button" className="button button--primary" disabled={accept.status === 'busy'} onClick={() => void acceptMission(mission.id)}>
            {accept.status === 'busy' ? t('missions.accepting') : t('missions.accept')}
          </button>
        )}
        {mission.status === 'completed' && (
          <button type="button" className="button button--primary" disabled={claim.status === 'busy'} onClick={() => void claimMission(mission.id)}>
            {claim.status === 'busy' ? t('missions.claiming') : t('missions.claim')}
          </button>
        )}
        {failure && (
          <p className="mission-card__error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * "Missões" on /bonus: every mission the platform lists for the player —
 * offered ones with "Aceitar missão", running ones with their progress,
 * completed ones with the claim button, claimed and expired ones — so
 * missions can be taken and claimed without the widgets (keyboard, phones).
 */
export function MissionsCard({ t, locale }: { t: TFunction; locale: Locale }) {
  const state = useStore($missions);
  const accepts = useStore($accepts);
  const claims = useStore($claims);
  const id = useId();
  useEffect(() => {
    void loadMissions();
  }, []);
  const missions = state.status === 'ready' ? state.missions : [];
  return (
    <section className="account-card mission-list-card" aria-labelledby={id} aria-busy={state.status === 'loading'} id="missions">
      <h2 id={id}>{t('missions.list.heading')}</h2>
      <p>{t('missions.list.intro')}</p>
      {state.status === 'error' && (
        <p role="alert">
          {t('missions.list.error')}{' '}
          <button type="button" className="button" onClick={() => void loadMissions()}>
            {t('missions.list.retry')}
          </button>
        </p>
      )}
      {state.status === 'ready' && missions.length === 0 && <p>{t('missions.list.empty')}</p>}
      {missions.length > 0 && (
        <ul className="mission-list">
          {missions.map((mission) => (
            <MissionItem key={mission.id} t={t} locale={locale} mission={mission} accept={accepts[mission.id] ?? { status: 'idle' }} claim={claims[mission.id] ?? { status: 'idle' }} />
          ))}
        </ul>
      )}
    </section>
  );
}
