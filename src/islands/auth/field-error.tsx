import type { TFunction } from 'i18next';
import type { Message } from '../../lib/auth/message.ts';
import { messageText } from './use-translator.ts';

/** The error under a control; `id` is what the control's `aria-describedby` names. */
export function FieldError({ id, t, error }: { id: string; t: TFunction; error?: Message | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error">
      {messageText(t, error)}
    </p>
  );
}
