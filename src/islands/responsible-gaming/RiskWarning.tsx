import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { localePath } from '../../i18n/locales.ts';
import { $riskWarning, dismissRiskWarning } from '../../stores/risk-warning.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { usePageLocale } from '../shared/use-page-locale.ts';
import '../shared/dialog-button.css';
import './responsible-gaming.css';

/**
 * The risk warning after each login (Portaria SPA/MF 1.231/2024 art. 4): a
 * region at the top of the page content, not a modal (nothing is blocked or
 * covered), announced politely, until "Entendi".
 */
export function RiskWarning() {
  const shown = useStore($riskWarning);
  const locale = usePageLocale();
  const t = useTranslator(locale);
  const titleId = useId();
  return (
    <div aria-live="polite">
      {t && shown && (
        <section className="risk-warning" aria-labelledby={titleId} data-testid="risk-warning">
          <div className="risk-warning__text">
            <h2 id={titleId}>{t('responsibleGaming.warning.title')}</h2>
            <p>
              {t('responsibleGaming.warning.text')} <a href={localePath(locale, '/responsible-gambling')}>{t('responsibleGaming.warning.tools')}</a>
            </p>
          </div>
          <button type="button" className="dialog-button dialog-button--primary" onClick={dismissRiskWarning}>
            {t('responsibleGaming.warning.dismiss')}
          </button>
        </section>
      )}
    </div>
  );
}
