import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { $locale } from './i18n.ts';

/** A refused back-office call: the platform's message (already in the staff member's language) and the fields it names. */
export class BackofficeError extends Error {
  readonly status: number;
  readonly fields: Record<string, string[]>;
  constructor(status: number, message: string, fields: Record<string, string[]> = {}) {
    super(message);
    this.name = 'BackofficeError';
    this.status = status;
    this.fields = fields;
  }
}

/** Called when a call answers 401: the session ended (idle, expired, changed by an admin). */
let onSessionLost: () => void = () => {};
export function whenSessionLost(handler: () => void): void {
  onSessionLost = handler;
}

/**
 * Every call of the back office: same origin, the session cookie, and the
 * `X-Backoffice` header the platform requires with it (a cross-site form
 * cannot send it). Answers come in the staff member's language.
 */
const client = ofetch.create({
  baseURL: '/api',
  credentials: 'same-origin',
  retry: 0,
  onRequest({ options }) {
    options.headers.set('X-Backoffice', '1');
    options.headers.set('Accept', 'application/json');
    options.headers.set('Accept-Language', $locale.get());
  },
});

export async function call<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  try {
    return await client<T>(path, options);
  } catch (error) {
    throw toBackofficeError(error, path);
  }
}

function toBackofficeError(error: unknown, path: string): BackofficeError {
  if (error instanceof FetchError && error.response) {
    const body = (error.data ?? {}) as { message?: unknown; errors?: unknown };
    const status = error.response.status;
    if (status === 401 && !path.startsWith('/backoffice/login')) onSessionLost();
    const fields = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {};
    return new BackofficeError(status, typeof body.message === 'string' ? body.message : error.message, fields);
  }
  return new BackofficeError(0, $locale.get() === 'pt-BR' ? 'Sem conexão com a plataforma. Tente novamente.' : 'No connection to the platform. Please try again.');
}

/** A file the platform serves to staff (a document, a CSV), fetched with the header a plain link cannot send. */
export async function fetchBlob(path: string): Promise<Blob> {
  const res = await fetch(`/api${path}`, { credentials: 'same-origin', headers: { 'X-Backoffice': '1', 'Accept-Language': $locale.get() } });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
    if (res.status === 401) onSessionLost();
    throw new BackofficeError(res.status, body.message ?? res.statusText, body.errors ?? {});
  }
  return res.blob();
}

/** A download handed to the browser as a file. */
export async function download(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchBlob(path));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
