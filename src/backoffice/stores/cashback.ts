import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

/** `GET /operator/cashback/settings` (server/features/cashback/operator.ts). */
export interface CashbackSettingsView {
  cashback: boolean;
  /** Share of the week's net losses returned, %. */
  cashback_percentage: number;
  /** 0 = Sunday … 6 = Saturday (São Paulo). */
  cashback_release_day: number;
  cashback_release_hour: number;
  /** Share of each claim paid as withdrawable money, %. */
  cashback_conversion_percentage: number;
  is_regulated: boolean;
}

export const $cashback = resource<CashbackSettingsView>();
const load = loader($cashback);

export function loadCashback(): Promise<void> {
  return load(async () => (await call<{ settings: CashbackSettingsView }>('/operator/cashback/settings')).settings);
}

export interface CashbackDraft {
  cashback: boolean;
  percentage: string;
  day: number;
  hour: number;
  conversion: string;
}

const percent = (text: string) => Number(text.replace(',', '.'));

/** Only the settings that changed (the platform validates them with the whole site configuration). */
export function cashbackPatch(stored: CashbackSettingsView, d: CashbackDraft): Record<string, unknown> {
  const next = { cashback: d.cashback, cashback_percentage: percent(d.percentage), cashback_release_day: d.day, cashback_release_hour: d.hour, cashback_conversion_percentage: percent(d.conversion) };
  return Object.fromEntries(Object.entries(next).filter(([k, value]) => stored[k as keyof CashbackSettingsView] !== value));
}

export async function saveCashback(stored: CashbackSettingsView, d: CashbackDraft): Promise<boolean> {
  const patch = cashbackPatch(stored, d);
  if (Object.keys(patch).length === 0) return act(async () => {}, t('site.details.unchanged'));
  const ok = await act(() => call('/operator/cashback/settings', { method: 'PATCH', body: patch }), t('cashback.saved'));
  if (ok) await loadCashback();
  return ok;
}
