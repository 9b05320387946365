// @vitest-environment happy-dom
import { act, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { useModalFocus } from '../../../../src/islands/shared/use-modal-focus.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let dismissed = 0;

function Modal({ open }: { open: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalFocus(dialog, open, { onDismiss: () => (dismissed += 1) });
  return (
    <dialog ref={dialog}>
      <button type="button">Voltar</button>
    </dialog>
  );
}

describe('useModalFocus', () => {
  beforeEach(() => {
    dismissed = 0;
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  it('tells the owner when the browser closed the dialog, but not for a close event of an earlier closing that lands after it opened again', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(<Modal open />));
    const dialog = host.querySelector('dialog')!;
    expect(dialog.open).toBe(true);

    // Closed and opened again (Esc, then Enter on the opener) before the first close's event task ran.
    await act(async () => root.render(<Modal open={false} />));
    await act(async () => root.render(<Modal open />));
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new Event('close'));
    expect(dismissed).toBe(0);
    expect(dialog.open).toBe(true);

    // The browser closing it by itself (Esc with no cancel event): the owner hears of it.
    dialog.close();
    dialog.dispatchEvent(new Event('close'));
    expect(dismissed).toBe(1);
    await act(async () => root.unmount());
  });
});
