import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { focusInitial } from '../../lib/focus/modal-focus.ts';
import { useModalFocus } from './use-modal-focus.ts';
import { CloseIcon } from './CloseIcon.tsx';

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
  /** When this changes (the login modal's mode), focus moves to the new content's first field. */
  contentKey?: string;
  /** Where focus goes on close when the control that opened the modal is gone (see `useModalFocus`). */
  returnTo?: () => Element | null;
  /** `false`: a non-modal prompt (see `ModalFocusOptions.modal`); Esc still closes it while focus is inside. */
  modal?: boolean;
  /** `data-*` attributes (test ids, the deposit's txid…), without the `data-` prefix. */
  data?: Record<string, string | undefined>;
  children: ReactNode;
}

/**
 * The site's modal: a native modal `<dialog>` (the page behind is inert),
 * labelled by its title, with a × button. It opens on its first field (not
 * on ×), keeps Tab inside, closes on Esc and ×, and gives focus back to the
 * control that opened it (`useModalFocus`). Opened on mount, closed on
 * unmount: the owning store decides whether it exists.
 */
export function ModalDialog({
  title,
  closeLabel,
  onClose,
  closeDisabled,
  className,
  describedBy,
  busy,
  contentKey,
  returnTo,
  modal = true,
  data = {},
  children,
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useModalFocus(dialog, true, {
    skip: () => [close.current],
    returnTo,
    modal,
    // Closed by the browser (Esc with no cancel event): the store closes it too, unless closing is not allowed now.
    onDismiss: () => (closeDisabled ? dialog.current?.showModal() : onClose()),
  });

  const shownKey = useRef(contentKey);
  useLayoutEffect(() => {
    if (shownKey.current === contentKey || !dialog.current) return;
    shownKey.current = contentKey;
    focusInitial(dialog.current, [close.current]);
  }, [contentKey]);

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
      // A non-modal dialog gets no cancel event from Esc.
      onKeyDown={
        modal
          ? undefined
          : (event) => {
              if (event.key !== 'Escape' || closeDisabled) return;
              event.preventDefault();
              onClose();
            }
      }
    >
      <div className="auth-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button ref={close} type="button" className="auth-dialog__close" onClick={onClose} disabled={closeDisabled} aria-label={closeLabel}>
          <CloseIcon size={22} />
        </button>
      </div>
      {children}
    </dialog>
  );
}
