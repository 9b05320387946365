import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId } from 'react';
import { $coupon, $couponInput, checkCoupon, setCouponInput } from '../../stores/coupons.ts';

/**
 * "Cupom": the coupon field with the spec's states (invalid, loading,
 * valid). Submitting checks and applies the code; an empty field sends
 * nothing. `?coupon=CODE` in the address (the promo-codes page's "Usar")
 * fills the field; the player still presses the button.
 */
export function CouponCard({ t }: { t: TFunction }) {
  const state = useStore($coupon);
  const value = useStore($couponInput);
  const id = useId();

  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.search).get('coupon');
    if (fromLink) setCouponInput(fromLink.slice(0, 20));
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void checkCoupon();
  };
  const invalid = state.status === 'invalid';
  return (
    <section className="account-card bonus-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('bonus.coupon.heading')}</h2>
      <form className="bonus-coupon" onSubmit={onSubmit} noValidate>
        <div className="field bonus-coupon__field">
          <label htmlFor={`${id}-code`}>{t('bonus.coupon.label')}</label>
          <input
            id={`${id}-code`}
            name="coupon"
            value={value}
            onChange={(e) => setCouponInput(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint ${id}-status`}
            data-testid="coupon-input"
            data-state={state.status}
          />
          <span id={`${id}-hint`} className="field__hint">
            {t('bonus.coupon.hint')}
          </span>
        </div>
        <button type="submit" className="button button--primary" disabled={state.status === 'loading'} data-testid="coupon-submit">
          {t('bonus.coupon.submit')}
        </button>
      </form>
      <div id={`${id}-status`} className="bonus-coupon__status">
        {state.status === 'loading' && (
          <p className="form-message" role="status">
            {t('bonus.coupon.checking')}
          </p>
        )}
        {state.status === 'invalid' && (
          <p className="form-message form-message--error" role="alert" data-testid="coupon-error">
            {state.message}
          </p>
        )}
        {state.status === 'valid' && (
          <div className="bonus-coupon__valid" role="status" data-testid="coupon-valid">
            <strong>{t('bonus.coupon.validTitle', { code: state.code })}</strong>
            <p>{state.answer.message}</p>
          </div>
        )}
      </div>
    </section>
  );
}
