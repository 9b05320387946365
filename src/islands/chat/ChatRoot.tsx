import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { currentLocale } from '../../lib/locale.ts';
import { $chatOpen } from '../../stores/chat.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { ChatPanel } from './ChatPanel.tsx';
import './chat.css';

/** The chat island: the panel while `$chatOpen`, in the page's language (followed across navigations). */
export function ChatRoot() {
  const open = useStore($chatOpen);
  const [locale, setLocale] = useState<Locale>(() => currentLocale());
  useEffect(() => {
    const follow = () => setLocale(currentLocale());
    document.addEventListener('astro:after-swap', follow);
    return () => document.removeEventListener('astro:after-swap', follow);
  }, []);
  const t = useTranslator(locale);
  if (!open || !t) return null;
  return <ChatPanel key={locale} t={t} locale={locale} />;
}
