import { useTranslator } from '../auth/use-translator.ts';
import { ToastStack } from './ToastStack.tsx';
import { usePageLocale } from '../shared/use-page-locale.ts';

/** The toast island in the page's language (followed across navigations). */
export function ToastRoot() {
  const locale = usePageLocale();
  const t = useTranslator(locale);
  return t ? <ToastStack t={t} /> : null;
}
