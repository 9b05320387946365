import type { AuditEntryView } from '../../contract/backoffice.ts';
import { call, download } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

export interface AuditFilters {
  action: string;
  from: string;
  to: string;
  /** The id the page starts below (keyset paging); '' for the newest. */
  before: string;
}

export const $audit = resource<{ data: AuditEntryView[]; next: number | null }>();
const load = loader($audit);

const query = (f: AuditFilters) => Object.fromEntries(Object.entries(f).filter(([, value]) => value !== ''));

export function loadAudit(filters: AuditFilters): Promise<void> {
  return load(() => call<{ data: AuditEntryView[]; next: number | null }>('/operator/audit', { query: query(filters) }));
}

export function exportAudit(filters: AuditFilters): Promise<boolean> {
  const params = new URLSearchParams(query({ ...filters, before: '' }));
  return act(() => download(`/operator/audit/export?${params.toString()}`, 'audit.csv'), t('audit.exported'));
}
