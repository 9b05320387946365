import { atom } from 'nanostores';
import type { ExportFormat, ExportSection } from '../contract/account-closure.ts';
import { attachmentName, saveFile } from '../lib/account-closure/save-file.ts';
import { refusalText } from '../lib/account-closure/refusal.ts';
import { apiBaseUrl } from '../lib/api/base-url.ts';
import { loadErrorTexts } from '../lib/api/error-texts.ts';
import { httpError } from '../lib/api/errors.ts';
import { identityHeaders } from '../lib/api/headers.ts';
import { plainCallUrl } from '../lib/api/plain-call.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { currentLocale, LANGUAGE_TAGS } from '../lib/locale.ts';
import { apiCredentials } from './api-credentials.ts';

/**
 * "Baixar meus dados" (LGPD, issue 17): the whole export as JSON, or one
 * section as CSV. The file is fetched with the player's token and handed to
 * the browser as a download.
 */
export type DataExportState =
  | { status: 'idle' }
  | { status: 'preparing'; format: ExportFormat }
  | { status: 'done'; file: string }
  | { status: 'error'; message: Message };

export const $dataExport = atom<DataExportState>({ status: 'idle' });

/** The section the CSV button downloads. */
export const $exportSection = atom<ExportSection>('transactions');

async function failure(response: Response): Promise<Message> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the catalogue text of the status.
  }
  const locale = currentLocale();
  const { texts, fallback } = await loadErrorTexts(locale);
  const error = httpError(response.status, body, texts, fallback);
  return refusalText(error) ?? (error.messages.length > 0 ? textMessage(error.messages.join(' ')) : keyMessage('errors.generic'));
}

/** `GET /profile/export?format=…[&section=…]` → a download; one at a time. */
export async function downloadData(format: ExportFormat, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): Promise<boolean> {
  if ($dataExport.get().status === 'preparing') return false;
  $dataExport.set({ status: 'preparing', format });
  const section = $exportSection.get();
  const query: Record<string, string> = format === 'csv' ? { format, section } : { format };
  try {
    const response = await fetchImpl(plainCallUrl(apiBaseUrl(), '/profile/export', query), {
      headers: { 'Accept-Language': LANGUAGE_TAGS[currentLocale()], ...identityHeaders(apiCredentials()) },
    });
    if (!response.ok) {
      $dataExport.set({ status: 'error', message: await failure(response) });
      return false;
    }
    const file = attachmentName(response.headers.get('content-disposition'), format === 'csv' ? `dados-${section}.csv` : 'dados.json');
    saveFile(await response.blob(), file);
    $dataExport.set({ status: 'done', file });
    return true;
  } catch {
    $dataExport.set({ status: 'error', message: keyMessage('errors.generic') });
    return false;
  }
}
