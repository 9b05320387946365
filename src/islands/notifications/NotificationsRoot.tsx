import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { currentLocale } from '../../lib/locale.ts';
import { $notificationsPanelOpen, $wonBox } from '../../stores/notifications.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { WonBoxModal } from './WonBoxModal.tsx';

/** The notification island: the panel while open, the won-box modal while a box is announced, in the page's language. */
export function NotificationsRoot() {
  const open = useStore($notificationsPanelOpen);
  const box = useStore($wonBox);
  const [locale, setLocale] = useState<Locale>(() => currentLocale());
  useEffect(() => {
    const follow = () => setLocale(currentLocale());
    document.addEventListener('astro:after-swap', follow);
    return () => document.removeEventListener('astro:after-swap', follow);
  }, []);
  const t = useTranslator(locale);
  if (!t) return null;
  return (
    <>
      {open && <NotificationsPanel key={locale} t={t} locale={locale} />}
      {box && !open && <WonBoxModal key={box.id} t={t} locale={locale} box={box} />}
    </>
  );
}
