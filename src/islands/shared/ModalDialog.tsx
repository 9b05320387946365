import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface ModalDialogProps {
  /** Heading of the dialog, which also labels it. */
  title: ReactNode;
  /** Accessible name of the × button. */
  closeLabel: string;
  /** Called by the × button and by Esc (the dialog itself never closes on its own). */
  onClose: () => void;
  closeDisabled?: boolean;
  /** Classes added to `auth-dialog` (whose look every modal shares). */
  className?: string;
  describedBy?: string;
  busy?: boolean;
  /** `data-*` attributes (test ids, the deposit's txid…), without the `data-` prefix. */
  data?: Record<string, string | undefined>;
  children: ReactNode;
}

/**
 * The site's modal: a native modal `<dialog>` (the page behind is inert, so
 * focus stays inside; Esc closes it; focus returns to the opener), labelled
 * by its title, with a × button. Opened on mount, closed on unmount: the
 * owning store decides whether it exists.
 */
export function ModalDialog({ title, closeLabel, onClose, closeDisabled, className, describedBy, busy, data = {}, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  const dataAttributes = Object.fromEntries(Object.entries(data).map(([key, value]) => [`data-${key}`, value]));
  return (
    <dialog
      ref={dialog}
      className={className ? `auth-dialog ${className}` : 'auth-dialog'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-busy={busy}
      {...dataAttributes}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="auth-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="auth-dialog__close" onClick={onClose} disabled={closeDisabled} aria-label={closeLabel}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
          </svg>
        </button>
      </div>
      {children}
    </dialog>
  );
}
