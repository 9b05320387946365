import { type RefObject, useLayoutEffect, useRef } from 'react';
import { focusInitial, restoreFocus, trapTab } from '../../lib/focus/modal-focus.ts';

export interface ModalFocusOptions {
  /** Elements the modal does not open on unless nothing else can take focus (its ✕ button). */
  skip?: () => readonly (Element | null)[];
  /** Where focus goes on close when the opener is gone (the account button after a login). */
  returnTo?: () => Element | null;
  /**
   * Called when the browser closed the dialog by itself: Esc on a modal that
   * opened without a user gesture (the push prompt) closes it without a
   * cancelable `cancel` event, so the owning store must hear of it here.
   */
  onDismiss?: () => void;
  /**
   * `false` for a prompt nobody asked for (the push permission): shown with
   * `show()`, so the page stays usable and Tab is not kept inside; it does
   * not take focus on opening, and gives it back on close only if it had it.
   */
  modal?: boolean;
}

/**
 * Keyboard focus of a modal `<dialog>` while `open`: shown with
 * `showModal()` (the page behind is inert), focus on its first field (see
 * `initialFocusTarget`), Tab and Shift+Tab cycling inside it; on close
 * (`open` false or unmount) focus returns to the element that had it when
 * the modal opened, or to `returnTo`, or to the page's main heading. Layout
 * effect: the dialog is open before the children's effects focus a step.
 */
export function useModalFocus(dialog: RefObject<HTMLDialogElement | null>, open: boolean, options: ModalFocusOptions = {}): void {
  const latest = useRef(options);
  latest.current = options;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const active = element.ownerDocument.activeElement;
    const opener = active && !element.contains(active) ? active : null;
    const modal = latest.current.modal ?? true;
    if (!element.open) {
      if (modal) element.showModal();
      else element.show();
    }
    if (modal) focusInitial(element, latest.current.skip?.() ?? []);
    const onKeyDown = (event: KeyboardEvent) => {
      if (modal) trapTab(element, event);
    };
    // The `close` event is a task of its own: the one queued by closing this dialog a moment ago can arrive after
    // it was opened again (a key press is handled first), and must not close it. A real close leaves it closed.
    const onBrowserClose = () => {
      if (!element.open) latest.current.onDismiss?.();
    };
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('close', onBrowserClose);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('close', onBrowserClose);
      const hadFocus = element.contains(element.ownerDocument.activeElement);
      if (element.open) element.close();
      if (modal || hadFocus) restoreFocus(opener, [latest.current.returnTo?.() ?? null]);
    };
  }, [dialog, open]);
}
