import type { DocumentStatus } from '../../contract/documents.ts';
import { call, fetchBlob } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

/** A document in review as the platform lists it (server/features/documents/list-documents.ts). */
export interface ReviewDocument {
  id: number;
  type: string;
  status: DocumentStatus;
  mime: string;
  size: number;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  user: { id: number; name: string; cpf: string | null };
  reviewed_by: string | null;
}

export interface DocumentsPage {
  documents: ReviewDocument[];
  page: number;
  per_page: number;
  total: number;
}

export const $documents = resource<DocumentsPage>();
const load = loader($documents);
let current = { status: 'pending' as DocumentStatus, page: 1 };

export function loadDocuments(status: DocumentStatus, page: number): Promise<void> {
  current = { status, page };
  return load(() => call<DocumentsPage>('/operator/documents', { query: { status, page } }));
}

/** The file as an object URL the screen shows (an image) or opens (a PDF); the caller revokes it. */
export async function documentFile(id: number): Promise<string> {
  return URL.createObjectURL(await fetchBlob(`/operator/documents/${id}/file`));
}

export async function approveDocument(id: number): Promise<boolean> {
  const ok = await act(() => call(`/operator/documents/${id}/approve`, { method: 'POST' }), t('documents.approved', { id }));
  await loadDocuments(current.status, current.page);
  return ok;
}

export async function rejectDocument(id: number, reason: string): Promise<boolean> {
  const ok = await act(() => call(`/operator/documents/${id}/reject`, { method: 'POST', body: { reason } }), t('documents.rejected', { id }));
  if (ok) await loadDocuments(current.status, current.page);
  return ok;
}
