import type { TFunction } from 'i18next';
import type { Message } from '../../lib/auth/message.ts';
import { changeAmount, generateAgain } from '../../stores/deposit.ts';
import { messageText } from '../auth/use-translator.ts';
import { useFocusOnMount } from './use-focus-on-mount.ts';

/** A charge that ended unpaid: expired (5 minutes passed) or refunded (the platform's reason shown). */
export function OutcomeStep({ t, kind, message }: { t: TFunction; kind: 'expired' | 'refunded'; message?: Message }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className={`deposit-step deposit-outcome deposit-outcome--${kind}`} data-testid={`deposit-${kind}`}>
      <h3 ref={heading} tabIndex={-1}>
        {t(`deposit.${kind}.title`)}
      </h3>
      <p>{message ? messageText(t, message) : t(`deposit.${kind}.text`)}</p>
      <button type="button" className="button button--primary" onClick={() => void generateAgain()}>
        {t('deposit.outcome.generateAgain')}
      </button>
      <button type="button" className="link-button" onClick={changeAmount}>
        {t('deposit.charge.changeAmount')}
      </button>
    </div>
  );
}
