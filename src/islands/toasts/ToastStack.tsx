import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $toasts, dismissToast, pauseToast, resumeToast } from '../../stores/toasts.ts';
import './toasts.css';
import { CloseIcon } from '../shared/CloseIcon.tsx';

/**
 * The toasts of `$toasts` (at most 3), newest last, in a polite live region.
 * Hover or focus pauses a toast's countdown; the close button removes it.
 */
export function ToastStack({ t }: { t: TFunction }) {
  const toasts = useStore($toasts);
  return (
    <section className="toast-stack" aria-label={t('notifications.toasts.region')} aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          onMouseEnter={() => pauseToast(toast.id)}
          onMouseLeave={() => resumeToast(toast.id)}
          onFocus={() => pauseToast(toast.id)}
          onBlur={() => resumeToast(toast.id)}
        >
          <div className="toast__body">
            {toast.title && <strong className="toast__title">{toast.title}</strong>}
            {toast.href ? (
              <a className="toast__text" href={toast.href}>
                {toast.text}
              </a>
            ) : (
              <span className="toast__text">{toast.text}</span>
            )}
          </div>
          <button type="button" className="toast__close" onClick={() => dismissToast(toast.id)} aria-label={t('notifications.toasts.close')}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>
  );
}
