import type { TFunction } from 'i18next';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import type { AmountIssue } from '../../stores/deposit.ts';
import { messageText } from '../auth/use-translator.ts';

/** The words under the amount field: limits named in BRL of the page language, or the platform's refusal as sent. */
export function amountIssueText(t: TFunction, locale: Locale, issue: AmountIssue): string {
  switch (issue.kind) {
    case 'server':
      return messageText(t, issue.message);
    case 'belowMin':
      return t('deposit.errors.belowMin', { min: formatBRL(issue.min, locale) });
    case 'aboveMax':
      return t('deposit.errors.aboveMax', { max: formatBRL(issue.max, locale) });
    default:
      return t(`deposit.errors.${issue.kind}`);
  }
}
