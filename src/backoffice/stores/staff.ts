import type { StaffRole, StaffView } from '../../contract/backoffice.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

export const $staff = resource<StaffView[]>();
const load = loader($staff);

export function loadStaff(): Promise<void> {
  return load(async () => (await call<{ data: StaffView[] }>('/operator/staff')).data);
}

export async function createStaff(input: { email: string; name: string; role: StaffRole; password: string }): Promise<boolean> {
  const ok = await act(() => call('/operator/staff', { method: 'POST', body: input }), t('staff.created', { email: input.email }));
  if (ok) await loadStaff();
  return ok;
}

export async function changeStaff(member: StaffView, change: { role?: StaffRole; disabled?: boolean; resetTotp?: true }): Promise<boolean> {
  const done = change.resetTotp ? t('staff.totpReset', { email: member.email }) : t('staff.changed', { email: member.email });
  const ok = await act(() => call(`/operator/staff/${member.id}`, { method: 'PATCH', body: change }), done);
  await loadStaff();
  return ok;
}
