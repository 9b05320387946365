import { currentLocale } from '../lib/locale.ts';
import { apiCredentials } from './api-credentials.ts';
import { reportApiError } from './api-errors.ts';
import { apiBaseUrl } from '../lib/api/base-url.ts';
import { createApiClient } from '../lib/api/create-client.ts';
import { loadErrorTexts } from '../lib/api/error-texts.ts';
import { type ApiError, toApiError } from '../lib/api/errors.ts';

export { ApiError } from '../lib/api/errors.ts';
export type { ApiClient, ApiRequest, QueryValue } from '../lib/api/create-client.ts';

/**
 * The site's one API client, wired to the page: base address from the runtime
 * config (or the startup site-config answer), identity from `$session` and
 * `lmcp` from storage (`api-credentials.ts`), messages in the page's language, failures reported to
 * `$apiErrorMessages` / `$networkErrorCount`. It sits in stores/ because it
 * reads the session store (the plain, untied client is `lib/api/create-client.ts`).
 * Islands and stores import this; boot.ts never does (it must stay tiny).
 */
export const api = createApiClient({
  baseURL: apiBaseUrl,
  locale: () => currentLocale(),
  credentials: apiCredentials,
  errorTexts: loadErrorTexts,
  report: reportApiError,
});

/**
 * For store actions' catch blocks: rethrows an ApiError untouched and turns
 * anything else into the `errors.unexpected` ApiError of the page's language.
 */
export async function rethrowAsApiError(error: unknown): Promise<never> {
  let wrapped: ApiError;
  try {
    const { texts, fallback } = await loadErrorTexts(currentLocale());
    wrapped = toApiError(error, texts, fallback);
  } catch {
    wrapped = toApiError(error, { error_messages: {}, errors: {} });
  }
  throw wrapped;
}
