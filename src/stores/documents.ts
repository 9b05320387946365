import { atom, map } from 'nanostores';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  DOCUMENT_TYPES,
  type DocumentsStatus,
  type DocumentType,
  type DocumentView,
} from '../contract/documents.ts';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { api } from './api.ts';
import { onPlayerChange } from './player-change.ts';
import { $session } from './session.ts';

/**
 * The identity documents of `/user/edit/verification` (issue 17, KYC):
 * where each type stands (`GET /documents/status`), uploading one
 * (`POST /documents/upload`) and cancelling a pending one
 * (`POST /documents/cancel/{id}`). After every change the status is asked
 * for again, so `verified` and `by_type` are always the platform's.
 */

export type DocumentsLoad = { status: 'idle' | 'loading' } | { status: 'ready'; data: DocumentsStatus } | { status: 'error'; message: Message };

export const $documents = atom<DocumentsLoad>({ status: 'idle' });

/** What is happening to one type's upload or cancel: a tagged state per type. */
export type DocumentAction =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string }
  | { status: 'cancelling' }
  | { status: 'done'; message: Message }
  | { status: 'error'; message: Message };

export const $documentActions = map<Record<DocumentType, DocumentAction>>(idleActions());

function idleActions(): Record<DocumentType, DocumentAction> {
  return Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, { status: 'idle' }])) as Record<DocumentType, DocumentAction>;
}

/** DOCUMENT_MAX_BYTES as the messages write it ("8 MB"). */
export const DOCUMENT_MAX_TEXT = `${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB`;

/**
 * Why `file` cannot be sent, or null. Checked before sending to spare the
 * player the upload of a file the platform refuses anyway; the platform
 * decides by the bytes, so a file whose type the browser does not know
 * (an empty `type`) is left to it.
 */
export function documentProblem(file: { type: string; size: number }): Message | null {
  if (file.type !== '' && !(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return keyMessage('account.documents.badType');
  if (file.size > DOCUMENT_MAX_BYTES) return keyMessage('account.documents.tooBig', { max: DOCUMENT_MAX_TEXT });
  return null;
}

/** The document `by_type` speaks of for `type`: the newest one not cancelled, or null. */
export function currentDocument(data: DocumentsStatus, type: DocumentType): DocumentView | null {
  let newest: DocumentView | null = null;
  for (const doc of data.documents) {
    if (doc.type !== type || doc.status === 'cancelled') continue;
    if (!newest || doc.created_at > newest.created_at || (doc.created_at === newest.created_at && doc.id > newest.id)) newest = doc;
  }
  return newest;
}

/** Whether the player may send a file of `type` now: nothing under review or approved, and for proof of address an address saved. */
export function canUpload(data: DocumentsStatus, type: DocumentType): boolean {
  const status = data.by_type[type];
  if (status === 'pending' || status === 'approved') return false;
  return type !== 'proof_of_address' || data.has_address;
}

/** `GET /documents/status`. A reload keeps the shown status until the answer arrives. */
export async function loadDocuments(): Promise<void> {
  if ($session.get().status !== 'user') return;
  if ($documents.get().status !== 'ready') $documents.set({ status: 'loading' });
  try {
    $documents.set({ status: 'ready', data: await api.get<DocumentsStatus>('/documents/status') });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    $documents.set({ status: 'error', message: keyMessage('account.documents.loadFailed') });
  }
}

/**
 * Asks for the status again whenever the page becomes visible again (the
 * player comes back to the tab, e.g. after the review's notification):
 * reviews happen elsewhere, and the page should not show a stale "under
 * review". Returns the unsubscribe.
 */
export function followDocumentReviews(): () => void {
  const onVisible = (): void => {
    if (document.visibilityState === 'visible' && $documents.get().status === 'ready') void loadDocuments();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => document.removeEventListener('visibilitychange', onVisible);
}

/** The platform's words for a failed call: its field errors, else its message, else the generic text. */
function failure(error: unknown): Message {
  if (error instanceof ApiError) {
    const texts = error.errors ? Object.values(error.errors).flat() : error.messages;
    if (texts.length > 0) return textMessage(texts.join(' '));
  }
  return keyMessage('errors.generic');
}

/**
 * Sends `file` as a document of `type` (multipart `document` and `type`).
 * A file that is not JPG/PNG/PDF or is over the limit is refused here
 * without a request. True when the platform accepted it.
 */
export async function uploadDocument(type: DocumentType, file: File): Promise<boolean> {
  const problem = documentProblem(file);
  if (problem) {
    $documentActions.setKey(type, { status: 'error', message: problem });
    return false;
  }
  $documentActions.setKey(type, { status: 'uploading', fileName: file.name });
  const form = new FormData();
  form.append('type', type);
  form.append('document', file);
  try {
    await api.post<DocumentView>('/documents/upload', form);
    $documentActions.setKey(type, { status: 'done', message: keyMessage('account.documents.uploaded') });
    await loadDocuments();
    return true;
  } catch (error) {
    $documentActions.setKey(type, { status: 'error', message: failure(error) });
    // The status may have moved meanwhile (e.g. a document approved or sent from another tab).
    void loadDocuments();
    return false;
  }
}

/** `POST /documents/cancel/{id}` of the pending document of `type`. True when cancelled. */
export async function cancelDocument(type: DocumentType): Promise<boolean> {
  const load = $documents.get();
  const doc = load.status === 'ready' ? currentDocument(load.data, type) : null;
  if (!doc || doc.status !== 'pending') return false;
  $documentActions.setKey(type, { status: 'cancelling' });
  try {
    await api.post<DocumentView>(`/documents/cancel/${doc.id}`);
    $documentActions.setKey(type, { status: 'done', message: keyMessage('account.documents.cancelled') });
    await loadDocuments();
    return true;
  } catch (error) {
    $documentActions.setKey(type, { status: 'error', message: failure(error) });
    void loadDocuments();
    return false;
  }
}

onPlayerChange(() => {
  $documents.set({ status: 'idle' });
  $documentActions.set(idleActions());
});
