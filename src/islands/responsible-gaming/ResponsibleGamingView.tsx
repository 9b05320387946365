import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useRef } from 'react';
import {
  COOL_OFF_DAYS,
  LIMIT_PERIODS,
  LIMIT_TIME_ZONE,
  type LimitView,
  MONEY_LIMIT_KINDS,
  type MoneyLimitKind,
  REALITY_CHECK_MINUTES,
  type ResponsibleGamingView as View,
  SESSION_LIMIT_MINUTES,
} from '../../contract/responsible-gaming.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatDayTime } from '../../lib/datetime.ts';
import { formatBRL } from '../../lib/money-format.ts';
import {
  $coolOffConfirming,
  $coolOffError,
  $limitsNotice,
  $responsibleGaming,
  askCoolOff,
  cancelCoolOff,
  confirmCoolOff,
  limitsForm,
  loadResponsibleGaming,
  saveLimits,
} from '../../stores/responsible-gaming.ts';
import { SelfExclusionCard } from '../account/SelfExclusionCard.tsx';
import { FormMessage, SelectField, TextField } from '../auth/fields.tsx';
import { messageText } from '../auth/use-translator.ts';
import { useModalFocus } from '../shared/use-modal-focus.ts';
import { durationText } from './texts.tsx';
import './responsible-gaming.css';

/** What a limit's field says under it: usage and reset, and a change waiting for its 24 hours. */
function limitHint(t: TFunction, locale: Locale, limit: LimitView & { used?: number; resets_at?: string }, money: boolean): string | undefined {
  const parts: string[] = [];
  const amount = (value: number) => (money ? formatBRL(value, locale) : durationText(t, value));
  if (limit.value !== null && limit.used !== undefined && limit.resets_at) {
    parts.push(t('responsibleGaming.usage', { used: formatBRL(limit.used, locale), limit: amount(limit.value), resets: formatDayTime(limit.resets_at, locale, LIMIT_TIME_ZONE) }));
  }
  if (limit.pending) {
    parts.push(
      limit.pending.value === null
        ? t('responsibleGaming.pendingRemoval', { from: formatDayTime(limit.pending.from, locale, LIMIT_TIME_ZONE), current: amount(limit.value ?? 0) })
        : t('responsibleGaming.pendingRaise', { value: amount(limit.pending.value), from: formatDayTime(limit.pending.from, locale, LIMIT_TIME_ZONE), current: amount(limit.value ?? 0) }),
    );
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function LimitsForm({ t, locale, view }: { t: TFunction; locale: Locale; view: View }) {
  const values = useStore(limitsForm.$values);
  const errors = useStore(limitsForm.$errors);
  const formError = useStore(limitsForm.$formError);
  const submitting = useStore(limitsForm.$submitting);
  const notice = useStore($limitsNotice);
  const headingId = useId();
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void saveLimits();
  };
  const kindFieldset = (kind: MoneyLimitKind) => (
    <fieldset className="rg-limits__group" key={kind}>
      <legend>{t(`responsibleGaming.kinds.${kind}`)}</legend>
      <p className="field__hint">{t(`responsibleGaming.kindHints.${kind}`)}</p>
      {LIMIT_PERIODS.map((period) => (
        <TextField
          key={period}
          t={t}
          label={t('responsibleGaming.amountLabel', { period: t(`responsibleGaming.periods.${period}`) })}
          inputMode="decimal"
          placeholder={t('responsibleGaming.noLimit')}
          value={values[`${kind}_${period}`]}
          onValue={(text) => limitsForm.set(`${kind}_${period}`, text)}
          error={errors[`${kind}_${period}`]}
          hint={limitHint(t, locale, view.limits[kind][period], true)}
        />
      ))}
    </fieldset>
  );
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('responsibleGaming.limitsHeading')}</h2>
      <p>{t('responsibleGaming.rule')}</p>
      <form onSubmit={onSubmit} noValidate>
        {MONEY_LIMIT_KINDS.map(kindFieldset)}
        <fieldset className="rg-limits__group">
          <legend>{t('responsibleGaming.timeHeading')}</legend>
          <SelectField
            t={t}
            label={t('responsibleGaming.sessionLabel')}
            value={values.session_minutes}
            options={[{ value: '', label: t('responsibleGaming.noLimit') }, ...SESSION_LIMIT_MINUTES.map((m) => ({ value: String(m), label: durationText(t, m) }))]}
            onValue={(minutes) => limitsForm.set('session_minutes', minutes)}
            error={errors.session_minutes}
          />
          {(view.session.value !== null || view.session.pending) && <p className="field__hint">{limitHint(t, locale, view.session, false)}</p>}
          {view.session.ends_at && <p className="field__hint">{t('responsibleGaming.sessionEnds', { time: formatDayTime(view.session.ends_at, locale, LIMIT_TIME_ZONE) })}</p>}
          <SelectField
            t={t}
            label={t('responsibleGaming.realityLabel')}
            value={values.reality_check_minutes}
            options={[{ value: '', label: t('responsibleGaming.realityOff') }, ...REALITY_CHECK_MINUTES.map((m) => ({ value: String(m), label: durationText(t, m) }))]}
            onValue={(minutes) => limitsForm.set('reality_check_minutes', minutes)}
            error={errors.reality_check_minutes}
          />
          <p className="field__hint">{t('responsibleGaming.realityHint')}</p>
        </fieldset>
        <FormMessage t={t} message={formError} tone="error" />
        {notice && (
          <p className="form-message form-message--success" role="status">
            {messageText(t, notice)}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={submitting}>
          {t('responsibleGaming.save')}
        </button>
      </form>
    </section>
  );
}

function CoolOffCard({ t, locale, view }: { t: TFunction; locale: Locale; view: View }) {
  const confirming = useStore($coolOffConfirming);
  const error = useStore($coolOffError);
  const headingId = useId();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useModalFocus(dialog, confirming !== null, { onDismiss: cancelCoolOff });
  const label = (days: number) => t(`responsibleGaming.coolOff.days${days}`);
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('responsibleGaming.coolOff.heading')}</h2>
      <p>{t('responsibleGaming.coolOff.intro')}</p>
      {view.cool_off_until && (
        <p className="form-message form-message--success" role="status">
          {t('responsibleGaming.coolOff.running', { until: formatDayTime(view.cool_off_until, locale, LIMIT_TIME_ZONE) })}
        </p>
      )}
      <div className="rg-cool-off__choices">
        {COOL_OFF_DAYS.map((days) => (
          <button key={days} type="button" className="button" onClick={() => askCoolOff(days)}>
            {t('responsibleGaming.coolOff.start', { period: label(days) })}
          </button>
        ))}
      </div>
      <FormMessage t={t} message={error} tone="error" />
      <dialog
        ref={dialog}
        className="rg-dialog"
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          cancelCoolOff();
        }}
      >
        <h2 id={titleId}>{t('responsibleGaming.coolOff.confirmTitle')}</h2>
        <p>{confirming !== null && t('responsibleGaming.coolOff.confirmText', { period: label(confirming) })}</p>
        <div className="rg-dialog__actions">
          <button type="button" className="button" onClick={cancelCoolOff} data-autofocus>
            {t('responsibleGaming.coolOff.cancel')}
          </button>
          <button type="button" className="button button--danger" onClick={() => void confirmCoolOff()}>
            {t('responsibleGaming.coolOff.confirm')}
          </button>
        </div>
      </dialog>
    </section>
  );
}

function PlatformCard({ t, view }: { t: TFunction; view: View }) {
  const headingId = useId();
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('responsibleGaming.platform.heading')}</h2>
      <p>{t('responsibleGaming.platform.text')}</p>
      <p>
        <a href={view.self_exclusion_platform_url} target="_blank" rel="noopener noreferrer">
          {t('responsibleGaming.platform.link')}
        </a>
      </p>
    </section>
  );
}

/** `/responsible-gambling` ("Jogo Responsável"): limits, time alert, pause, self-exclusion and the government's platform. */
export function ResponsibleGamingView({ t, locale }: { t: TFunction; locale: Locale }) {
  const state = useStore($responsibleGaming);
  useEffect(() => {
    void loadResponsibleGaming(locale);
  }, [locale]);
  if (state.status === 'loading') return <p className="account-loading">{t('account.loading')}</p>;
  if (state.status === 'failed') return <FormMessage t={t} message={state.message} tone="error" />;
  return (
    <div className="rg-page">
      <p className="rg-page__intro">{t('responsibleGaming.intro')}</p>
      <LimitsForm t={t} locale={locale} view={state.view} />
      <CoolOffCard t={t} locale={locale} view={state.view} />
      <SelfExclusionCard t={t} />
      <PlatformCard t={t} view={state.view} />
    </div>
  );
}
