import { atom } from 'nanostores';
import {
  type COOL_OFF_DAYS,
  LIMIT_PERIODS,
  type LimitPeriod,
  MONEY_LIMIT_KINDS,
  type MoneyLimitKind,
  type ResponsibleGamingView,
} from '../contract/responsible-gaming.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { formatReaisInput, parseReais } from '../lib/wallet/amount.ts';
import type { Locale } from '../contract/tenant-bundle.ts';
import { api } from './api.ts';
import { apiErrorMessage, createForm, type FieldErrors } from './form.ts';
import { scheduleTimeAlerts } from './time-alert.ts';

/**
 * The `/responsible-gambling` page (issue 17): the player's limits, time
 * alert and pause. Values are typed in reais; only the fields the player
 * changed are sent, so saving one limit never restarts another's 24-hour wait.
 */
export type ResponsibleGamingState = { status: 'loading' } | { status: 'ready'; view: ResponsibleGamingView } | { status: 'failed'; message: Message };

export const $responsibleGaming = atom<ResponsibleGamingState>({ status: 'loading' });

export type MoneyField = `${MoneyLimitKind}_${LimitPeriod}`;
export type LimitValues = Record<MoneyField, string> & { session_minutes: string; reality_check_minutes: string };
type Field = keyof LimitValues;

export const MONEY_FIELDS: MoneyField[] = MONEY_LIMIT_KINDS.flatMap((kind) => LIMIT_PERIODS.map((period) => `${kind}_${period}` as MoneyField));

/** The value a field shows: the change the player asked for when one waits, else the limit in force; '' = no limit. */
function shownValues(view: ResponsibleGamingView, locale: Locale): LimitValues {
  const values = {} as LimitValues;
  for (const kind of MONEY_LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const limit = view.limits[kind][period];
      const value = limit.pending ? limit.pending.value : limit.value;
      values[`${kind}_${period}`] = value === null ? '' : formatReaisInput(value, locale);
    }
  }
  const session = view.session.pending ? view.session.pending.value : view.session.value;
  values.session_minutes = session === null ? '' : String(session);
  values.reality_check_minutes = view.reality_check_minutes === null ? '' : String(view.reality_check_minutes);
  return values;
}

/** Empty, or an amount from R$ 1,00. */
function checkLimits(values: LimitValues): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of MONEY_FIELDS) {
    const text = values[field].trim();
    if (text === '') continue;
    const centavos = parseReais(text);
    if (centavos === null || centavos < 100) errors[field] = keyMessage('responsibleGaming.invalidAmount');
  }
  return errors;
}

let baseline: LimitValues | null = null;
let pageLocale: Locale = 'pt';

export const limitsForm = createForm<LimitValues>({
  initial: () => ({
    ...(Object.fromEntries(MONEY_FIELDS.map((f) => [f, ''])) as Record<MoneyField, string>),
    session_minutes: '',
    reality_check_minutes: '',
  }),
  check: checkLimits,
});

/** "Limites salvos." after a save. */
export const $limitsNotice = atom<Message | null>(null);

function adopt(view: ResponsibleGamingView): void {
  $responsibleGaming.set({ status: 'ready', view });
  baseline = shownValues(view, pageLocale);
  for (const [field, value] of Object.entries(baseline) as [Field, string][]) limitsForm.$values.setKey(field, value);
  scheduleTimeAlerts(view);
}

/** `GET /responsible-gambling`. */
export async function loadResponsibleGaming(locale: Locale): Promise<void> {
  pageLocale = locale;
  try {
    adopt(await api.get<ResponsibleGamingView>('/responsible-gambling'));
  } catch (error) {
    $responsibleGaming.set({ status: 'failed', message: apiErrorMessage(error) });
  }
}

/** The `PUT /responsible-gambling/limits` body: the fields that differ from what the page showed. */
export function limitsChanges(values: LimitValues, shown: LimitValues): Record<string, unknown> {
  const body: Record<string, Record<string, number | null> | number | null> = {};
  for (const kind of MONEY_LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const field: MoneyField = `${kind}_${period}`;
      if (values[field].trim() === shown[field].trim()) continue;
      const group = (body[kind] ??= {}) as Record<string, number | null>;
      group[period] = values[field].trim() === '' ? null : parseReais(values[field]);
    }
  }
  for (const field of ['session_minutes', 'reality_check_minutes'] as const) {
    if (values[field] !== shown[field]) body[field] = values[field] === '' ? null : Number(values[field]);
  }
  return body;
}

/** Saves the changed limits; lower ones apply at once, higher or removed ones after 24 hours (the answer shows when). */
export async function saveLimits(): Promise<boolean> {
  $limitsNotice.set(null);
  if (!limitsForm.validate() || !baseline) return false;
  const body = limitsChanges(limitsForm.$values.get(), baseline);
  if (Object.keys(body).length === 0) {
    $limitsNotice.set(keyMessage('responsibleGaming.nothingChanged'));
    return true;
  }
  try {
    adopt(await limitsForm.submit(() => api.request<ResponsibleGamingView>('/responsible-gambling/limits', { method: 'PUT', body })));
    $limitsNotice.set(keyMessage('responsibleGaming.saved'));
    return true;
  } catch (error) {
    limitsForm.showApiError(error);
    return false;
  }
}

/** The pause being confirmed (days), or null. */
export const $coolOffConfirming = atom<(typeof COOL_OFF_DAYS)[number] | null>(null);
export const $coolOffError = atom<Message | null>(null);

export function askCoolOff(days: (typeof COOL_OFF_DAYS)[number]): void {
  $coolOffError.set(null);
  $coolOffConfirming.set(days);
}

export function cancelCoolOff(): void {
  $coolOffConfirming.set(null);
}

/** `POST /responsible-gambling/cool-off {days}` after the confirmation. */
export async function confirmCoolOff(): Promise<boolean> {
  const days = $coolOffConfirming.get();
  if (days === null) return false;
  try {
    adopt(await api.post<ResponsibleGamingView>('/responsible-gambling/cool-off', { days }));
    $coolOffConfirming.set(null);
    return true;
  } catch (error) {
    $coolOffConfirming.set(null);
    $coolOffError.set(apiErrorMessage(error));
    return false;
  }
}
