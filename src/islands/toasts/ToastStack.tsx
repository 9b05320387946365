import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $toasts, dismissToast, pauseToast, resumeToast } from '../../stores/toasts.ts';
import './toasts.css';

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
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );
}
