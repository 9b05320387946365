import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $accepts, $missions, acceptMission } from '../../stores/missions.ts';
import { $session } from '../../stores/session.ts';
import { failureText } from './texts.ts';
import './missions.css';

/**
 * The mission id a chat message offers (its `mission` field: `{id, title}`,
 * flat text/number fields as the chat allows), or null when it names none.
 */
export function chatMissionId(mission: Record<string, string | number | boolean> | null): number | null {
  const raw = mission?.id;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * "Aceitar missão" under a chat message carrying a mission, for a signed-in
 * player (a visitor gets the login button). Once the player has the mission
 * (accepted here, elsewhere or assigned) it says so instead.
 */
export function ChatMissionAccept({ id, t }: { id: number; t: TFunction }) {
  const session = useStore($session);
  const missions = useStore($missions);
  const accept = useStore($accepts)[id] ?? { status: 'idle' };
  const mission = missions.status === 'ready' ? missions.missions.find((m) => m.id === id) : undefined;
  const taken = mission !== undefined && mission.status !== 'available' && mission.status !== 'expired';
  if (session.status !== 'user') {
    return (
      <div className="chat-msg__mission-accept">
        <button type="button" className="button" data-auth-open="login">
          {t('missions.chat.login')}
        </button>
      </div>
    );
  }
  return (
    <div className="chat-msg__mission-accept">
      {taken ? (
        <p role="status">{t('missions.accepted')}</p>
      ) : mission?.status === 'expired' ? (
        <p>{t('missions.status.expired')}</p>
      ) : (
        <button type="button" className="button button--primary" disabled={accept.status === 'busy'} onClick={() => void acceptMission(id)}>
          {accept.status === 'busy' ? t('missions.accepting') : t('missions.accept')}
        </button>
      )}
      {!taken && accept.status === 'failed' && (
        <p className="mission-card__error" role="alert">
          {failureText(t, accept.failure, 'accept')}
        </p>
      )}
    </div>
  );
}
