import type { TFunction } from 'i18next';

/** `30 minutos`, `1 hora`, `24 horas` (`30 minutes`, `1 hour`…). */
export function durationText(t: TFunction, minutes: number): string {
  return minutes % 60 === 0 ? t('responsibleGaming.duration.hours', { count: minutes / 60 }) : t('responsibleGaming.duration.minutes', { count: minutes });
}

/** The risk warning of Portaria SPA/MF 1.231/2024 art. 4 (addiction and losses), as shown at registration and after each login. */
export function RiskWarningText({ t }: { t: TFunction }) {
  return (
    <p className="risk-warning-text" data-testid="risk-warning-text">
      <strong>{t('responsibleGaming.warning.title')}</strong> {t('responsibleGaming.warning.text')}
    </p>
  );
}
