import { useStore } from '@nanostores/react';
import { useId, useRef } from 'react';
import { localePath } from '../../i18n/locales.ts';
import { navigateTo } from '../../lib/auth/navigate.ts';
import { currentLocale } from '../../lib/locale.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { playedText } from '../../lib/responsible-gaming/schedule.ts';
import { $timeAlert, continuePlaying, stopPlaying } from '../../stores/time-alert.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { useModalFocus } from '../shared/use-modal-focus.ts';
import { usePageLocale } from '../shared/use-page-locale.ts';
import { durationText } from './texts.tsx';
import '../shared/dialog-button.css';
import './responsible-gaming.css';

const stop = () => void stopPlaying(() => navigateTo(localePath(currentLocale(), '/')));

/**
 * The time alert (time played, net result, "Continuar" / "Parar") and the
 * session-time limit's notice, as a modal dialog: the player answers before
 * playing on. Esc means "Continuar" for the alert; the limit's notice only
 * closes by logging out.
 */
export function TimeAlertDialog() {
  const state = useStore($timeAlert);
  const locale = usePageLocale();
  const t = useTranslator(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = state.status !== 'hidden' && t !== null;
  useModalFocus(dialog, open, { onDismiss: () => state.status === 'alert' && continuePlaying() });
  return (
    <dialog
      ref={dialog}
      className="rg-dialog"
      aria-labelledby={titleId}
      data-testid="time-alert"
      onCancel={(event) => {
        event.preventDefault();
        if (state.status === 'alert') continuePlaying();
      }}
    >
      {t && state.status === 'alert' && (
        <>
          <h2 id={titleId}>{t('responsibleGaming.reality.title')}</h2>
          <p>{t('responsibleGaming.reality.played', { time: playedText(state.summary.played_seconds) })}</p>
          <p>{t('responsibleGaming.reality.net', { amount: formatBRL(state.summary.net_result, locale) })}</p>
          <div className="rg-dialog__actions">
            <button type="button" className="dialog-button" onClick={stop}>
              {t('responsibleGaming.reality.stop')}
            </button>
            <button type="button" className="dialog-button dialog-button--primary" onClick={continuePlaying} data-autofocus>
              {t('responsibleGaming.reality.continue')}
            </button>
          </div>
        </>
      )}
      {t && state.status === 'sessionOver' && (
        <>
          <h2 id={titleId}>{t('responsibleGaming.session.overTitle')}</h2>
          <p>{t('responsibleGaming.session.overText', { limit: durationText(t, state.minutes) })}</p>
          <div className="rg-dialog__actions">
            <button type="button" className="dialog-button dialog-button--primary" onClick={stop} data-autofocus>
              {t('responsibleGaming.session.logout')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
