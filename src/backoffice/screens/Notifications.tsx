import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { Field } from '../components/Field.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { t } from '../i18n.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { type NotificationDraft, sendNotification } from '../stores/messaging.ts';

const EMPTY: NotificationDraft = { userId: '', title: { pt: '', en: '' }, message: { pt: '', en: '' }, url: '' };

/** A notification to one player or to everyone, in both languages; shown live on the site and pushed to subscribed devices. */
export function Notifications() {
  const errors = useStore($fieldErrors);
  const [draft, setDraft] = useState<NotificationDraft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await sendNotification(draft)) setDraft(EMPTY);
    setBusy(false);
  };
  const said = (...fields: string[]) => {
    const found = fields.flatMap((f) => errors[f] ?? []);
    return found.length ? found : undefined;
  };
  return (
    <>
      <h1>{t('screens.notifications')}</h1>
      <Outcome />
      <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="new-notification">
        <h2 id="new-notification">{t('notifications.new')}</h2>
        <Field
          label={t('notifications.to')}
          hint={t('notifications.toHint')}
          inputMode="numeric"
          value={draft.userId}
          onChange={(e) => setDraft({ ...draft, userId: e.target.value })}
          errors={said('user_id')}
        />
        <div className="grid">
          <Field
            label={t('notifications.titlePt')}
            lang="pt-BR"
            value={draft.title.pt}
            maxLength={120}
            onChange={(e) => setDraft({ ...draft, title: { ...draft.title, pt: e.target.value } })}
            errors={said('title', 'title.pt')}
          />
          <Field
            label={t('notifications.titleEn')}
            lang="en-US"
            value={draft.title.en}
            maxLength={120}
            onChange={(e) => setDraft({ ...draft, title: { ...draft.title, en: e.target.value } })}
            errors={said('title.en')}
          />
          <Field
            label={t('notifications.messagePt')}
            lang="pt-BR"
            value={draft.message.pt}
            maxLength={500}
            onChange={(e) => setDraft({ ...draft, message: { ...draft.message, pt: e.target.value } })}
            errors={said('message', 'message.pt')}
          />
          <Field
            label={t('notifications.messageEn')}
            lang="en-US"
            value={draft.message.en}
            maxLength={500}
            onChange={(e) => setDraft({ ...draft, message: { ...draft.message, en: e.target.value } })}
            errors={said('message.en')}
          />
        </div>
        <Field label={t('notifications.url')} hint={t('notifications.urlHint')} value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} errors={said('url')} />
        <button className="button button--primary" type="submit" disabled={busy}>
          {draft.userId.trim() ? t('notifications.sendOne') : t('notifications.sendAll')}
        </button>
      </form>
    </>
  );
}
