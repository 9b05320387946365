import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { formatDateTime, t } from '../i18n.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { $chat, deleteChatMessage, loadChat, mute, postNotice, unmute } from '../stores/messaging.ts';

const MUTE_MINUTES = [15, 60, 24 * 60, 7 * 24 * 60];

function NoticeForm() {
  const errors = useStore($fieldErrors);
  const [text, setText] = useState('');
  const [hours, setHours] = useState(0);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await postNotice(text, hours)) setText('');
  };
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="notice">
      <h2 id="notice">{t('chat.notice')}</h2>
      <Field label={t('chat.noticeText')} value={text} maxLength={500} onChange={(e) => setText(e.target.value)} errors={errors.text} />
      <div className="field">
        <label htmlFor="notice-pin">{t('chat.pin')}</label>
        <select id="notice-pin" value={hours} onChange={(e) => setHours(Number(e.target.value))}>
          {[0, 1, 6, 24, 72].map((h) => (
            <option key={h} value={h}>
              {h === 0 ? t('chat.noPin') : t('chat.pinHours', { count: h })}
            </option>
          ))}
        </select>
      </div>
      <button className="button button--primary" type="submit">
        {t('chat.post')}
      </button>
    </form>
  );
}

/** The room as players see it: delete a message, mute its author for a while, post (and pin) a notice; the running mutes. */
export function Chat() {
  const state = useStore($chat);
  useEffect(() => void loadChat(), []);
  const [muteMinutes, setMuteMinutes] = useState(60);
  return (
    <>
      <h1>{t('screens.chat')}</h1>
      <Outcome />
      <NoticeForm />
      <LoadState state={state} />
      {state.data && (
        <>
          <h2>{t('chat.room')}</h2>
          <div className="filters">
            <label htmlFor="mute-length">{t('chat.muteFor')}</label>
            <select id="mute-length" value={muteMinutes} onChange={(e) => setMuteMinutes(Number(e.target.value))}>
              {MUTE_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {t('chat.minutes', { count: m })}
                </option>
              ))}
            </select>
          </div>
          {state.data.messages.length === 0 ? (
            <p className="muted">{t('chat.empty')}</p>
          ) : (
            <ul className="chat-list">
              {state.data.messages.map((m) => (
                <li key={m.id} className="chat-item" data-message={m.id}>
                  <p className="chat-item__meta">
                    <strong>{m.user ? (m.user.name ?? t('chat.hiddenName', { id: m.user.id })) : t('chat.operator')}</strong> <span className="muted">{formatDateTime(m.time)}</span>
                    {m.pinned && <span className="badge">{t('chat.pinned')}</span>}
                  </p>
                  <p className="chat-item__text">{m.text}</p>
                  <div className="actions">
                    <button className="button button--small" type="button" onClick={() => void deleteChatMessage(m.id)}>
                      {t('chat.delete', { id: m.id })}
                    </button>
                    {m.user && (
                      <button className="button button--small" type="button" onClick={() => void mute(m.user!.id, muteMinutes, '')}>
                        {t('chat.mute', { name: m.user.name ?? `#${m.user.id}` })}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h2>{t('chat.mutes')}</h2>
          {state.data.mutes.length === 0 ? (
            <p className="muted">{t('chat.noMutes')}</p>
          ) : (
            <ul>
              {state.data.mutes.map((m) => (
                <li key={m.user_id}>
                  {m.name ?? `#${m.user_id}`} — {t('chat.until', { at: formatDateTime(m.muted_until) })}{' '}
                  <button className="button button--small" type="button" onClick={() => void unmute(m.user_id)}>
                    {t('chat.unmute', { name: m.name ?? `#${m.user_id}` })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
