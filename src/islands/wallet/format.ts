import type { TFunction } from 'i18next';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { dayLabel, timeOfDay } from '../../lib/wallet/day-label.ts';
import { messageText } from '../auth/use-translator.ts';

/** "Hoje, 14:05" / "Yesterday, 2:05 PM" / "03/02/2025, 09:30" for a row of the money history. */
export function whenText(t: TFunction, iso: string, locale: Locale, now: Date): string {
  return t('wallet.list.at', { day: messageText(t, dayLabel(iso, locale, now)), time: timeOfDay(iso, locale) });
}

/** A signed amount with an explicit plus for credits (`+R$ 50,00`, `-R$ 50,00`). */
export function signedBRL(centavos: number, locale: Locale): string {
  return centavos > 0 ? `+${formatBRL(centavos, locale)}` : formatBRL(centavos, locale);
}
