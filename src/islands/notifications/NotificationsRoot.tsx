import { useStore } from '@nanostores/react';
import { $notificationsPanelOpen, $wonBox } from '../../stores/notifications.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { WonBoxModal } from './WonBoxModal.tsx';
import { usePageLocale } from '../shared/use-page-locale.ts';

/** The notification island: the panel while open, the won-box modal while a box is announced, in the page's language. */
export function NotificationsRoot() {
  const open = useStore($notificationsPanelOpen);
  const box = useStore($wonBox);
  const locale = usePageLocale();
  const t = useTranslator(locale);
  if (!t) return null;
  return (
    <>
      {open && <NotificationsPanel key={locale} t={t} locale={locale} />}
      {box && !open && <WonBoxModal key={box.id} t={t} locale={locale} box={box} />}
    </>
  );
}
