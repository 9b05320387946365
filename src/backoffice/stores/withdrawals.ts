import type { OperatorWithdrawalView, PagedList } from '../../contract/wallet.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

export const $withdrawals = resource<PagedList<OperatorWithdrawalView>>();
const load = loader($withdrawals);

export interface WithdrawalFilters {
  /** A status code 0–5, or '' for all. */
  status: string;
  page: number;
}

let current: WithdrawalFilters = { status: '5', page: 1 };

export function loadWithdrawals(filters: WithdrawalFilters): Promise<void> {
  current = filters;
  return load(() => call<PagedList<OperatorWithdrawalView>>('/operator/withdrawals', { query: { ...(filters.status ? { status: filters.status } : {}), page: filters.page } }));
}

export async function approveWithdrawal(id: number): Promise<boolean> {
  const ok = await act(() => call(`/operator/withdrawals/${id}/approve`, { method: 'POST' }), t('withdrawals.approved', { id }));
  await loadWithdrawals(current);
  return ok;
}

export async function rejectWithdrawal(id: number, reason: string): Promise<boolean> {
  const ok = await act(() => call(`/operator/withdrawals/${id}/reject`, { method: 'POST', body: reason ? { reason } : {} }), t('withdrawals.rejected', { id }));
  await loadWithdrawals(current);
  return ok;
}
