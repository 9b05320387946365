import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $pushModal, $pushOutcome, clearPushOutcome } from '../../stores/push.ts';
import { showToast } from '../../stores/toasts.ts';
import { messageText, useTranslator } from '../auth/use-translator.ts';
import { PushModal } from './PushModal.tsx';
import { usePageLocale } from '../shared/use-page-locale.ts';

/** The push island: the modal while open; each subscription outcome becomes a toast in the page's language. */
export function PushRoot() {
  const modal = useStore($pushModal);
  const outcome = useStore($pushOutcome);
  const locale = usePageLocale();
  const t = useTranslator(locale);

  useEffect(() => {
    if (!t || !outcome) return;
    showToast({ tone: outcome.tone, text: messageText(t, outcome.message) });
    clearPushOutcome();
  }, [t, outcome]);

  if (!t || !modal.open) return null;
  return <PushModal t={t} busy={modal.busy} />;
}
