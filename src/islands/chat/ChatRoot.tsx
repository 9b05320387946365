import { useStore } from '@nanostores/react';
import { $chatOpen } from '../../stores/chat.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { usePageLocale } from '../shared/use-page-locale.ts';
import { ChatPanel } from './ChatPanel.tsx';
import './chat.css';

/** The chat island: the panel while `$chatOpen`, in the page's language (followed across navigations). */
export function ChatRoot() {
  const open = useStore($chatOpen);
  const locale = usePageLocale();
  const t = useTranslator(locale);
  if (!open || !t) return null;
  return <ChatPanel key={locale} t={t} locale={locale} />;
}
