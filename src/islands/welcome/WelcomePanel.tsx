import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $welcome, dismissWelcome } from '../../stores/welcome.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { usePageLocale } from '../shared/use-page-locale.ts';
import '../shared/dialog-button.css';
import './welcome.css';
import { CloseIcon } from '../shared/CloseIcon.tsx';

/**
 * Closes the welcome and opens the Pix deposit modal (the next step). A plain
 * dynamic import: islands do not reach up into the page scripts' loader
 * (tests/src/import-graph.test.ts), and the panel itself shows the click was taken.
 */
function deposit(): void {
  dismissWelcome();
  void import('../deposit/mount.tsx').then((m) => m.openDeposit());
}

/**
 * The welcome after sign-up: a panel in a corner, not a modal (nothing is
 * blocked, Tab is free), announced politely to screen readers.
 */
export function WelcomePanel() {
  const welcome = useStore($welcome);
  const t = useTranslator(usePageLocale());
  const titleId = useId();
  return (
    <div aria-live="polite">
      {t && welcome.shown && (
        <section className="welcome-panel" aria-labelledby={titleId} data-testid="welcome-panel">
          <div className="welcome-panel__text">
            <h2 id={titleId}>{t('welcome.title', { name: welcome.name })}</h2>
            <p>{t('welcome.text')}</p>
          </div>
          <div className="welcome-panel__actions">
            <button type="button" className="dialog-button dialog-button--primary" onClick={deposit}>
              {t('welcome.deposit')}
            </button>
            <button type="button" className="welcome-panel__close" onClick={dismissWelcome} aria-label={t('welcome.close')}>
              <CloseIcon />
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
