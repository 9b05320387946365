import * as v from 'valibot';
import { body, LANGUAGES, OptionalBoolean, RequiredBoolean, requiredChoice } from './fields.ts';
import { FullNameSchema } from './full-name.ts';
import { VALIDATION_KEYS } from './keys.ts';
import { isPresent } from './text.ts';

/** Request bodies of the profile calls (issue 3 API contract). */

/** `POST /profile/show {user_id}`: a positive integer (a numeric string is accepted). */
export const ShowProfileSchema = body({
  user_id: v.config(
    v.pipe(
      v.unknown(),
      v.check(isPresent, VALIDATION_KEYS.required),
      v.transform((x): unknown => (typeof x === 'string' && /^\d{1,10}$/.test(x) ? Number(x) : x)),
      v.number(VALIDATION_KEYS.generic),
      v.integer(VALIDATION_KEYS.generic),
      v.minValue(1, VALIDATION_KEYS.generic),
      v.maxValue(2_147_483_647, VALIDATION_KEYS.generic),
    ),
    { abortPipeEarly: true },
  ),
});

/** `POST /profile/toggle-hide-metrics {hide_metrics}`. */
export const ToggleHideMetricsSchema = body({ hide_metrics: RequiredBoolean });

/** `POST /profile/updateName {name}`. */
export const UpdateNameSchema = body({ name: FullNameSchema });

/** `POST /profile/updateLanguage {language}`. */
export const UpdateLanguageSchema = body({ language: requiredChoice(LANGUAGES) });

/** The privacy toggles of section 3, as stored in the user's `settings`. */
export const PRIVACY_SETTINGS = [
  'hide_username',
  'hide_statistics',
  'hide_activity',
  'hide_played_games',
  'hide_battle_rewards',
  'hide_all',
  'receive_promotions_email',
] as const;
export type PrivacySetting = (typeof PRIVACY_SETTINGS)[number];
export type PrivacySettings = Record<PrivacySetting, boolean>;

/** `POST /profile/update-settings {hide_username?, …, receive_promotions_email?}`: only given toggles change. */
export const UpdateSettingsSchema = body(
  Object.fromEntries(PRIVACY_SETTINGS.map((k) => [k, OptionalBoolean])) as Record<PrivacySetting, typeof OptionalBoolean>,
);

/** Self-exclusion period units. */
export const SELF_EXCLUSION_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type SelfExclusionUnit = (typeof SELF_EXCLUSION_UNITS)[number];
/** Longest period per unit: 5 years (permanent exclusion is not offered). Shortest: 1 day. */
export const SELF_EXCLUSION_MAX: Record<SelfExclusionUnit, number> = { days: 1826, weeks: 260, months: 60, years: 5 };

/** `POST /profile/self-exclusion {value, date}`, e.g. `{value: 6, date: 'months'}`; 1 day to 5 years. */
export const SelfExclusionSchema = v.pipe(
  body({
    value: v.config(
      v.pipe(
        v.unknown(),
        v.check(isPresent, VALIDATION_KEYS.required),
        v.transform((x): unknown => (typeof x === 'string' && /^\d{1,4}$/.test(x) ? Number(x) : x)),
        v.number(VALIDATION_KEYS.generic),
        v.integer(VALIDATION_KEYS.generic),
        v.minValue(1, VALIDATION_KEYS.generic),
      ),
      { abortPipeEarly: true },
    ),
    date: requiredChoice(SELF_EXCLUSION_UNITS),
  }),
  v.forward(
    v.partialCheck([['value'], ['date']], (i) => i.value <= SELF_EXCLUSION_MAX[i.date], VALIDATION_KEYS.generic),
    ['value'],
  ),
);

/**
 * When a self-exclusion of `value` `unit` starting at `start` ends. Months and
 * years follow the calendar (UTC), clamped to the month's last day.
 */
export function selfExclusionEnd(start: Date, value: number, unit: SelfExclusionUnit): Date {
  const end = new Date(start.getTime());
  if (unit === 'days') end.setUTCDate(end.getUTCDate() + value);
  else if (unit === 'weeks') end.setUTCDate(end.getUTCDate() + value * 7);
  else {
    const months = unit === 'months' ? value : value * 12;
    const day = end.getUTCDate();
    end.setUTCDate(1);
    end.setUTCMonth(end.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(day, lastDay));
  }
  return end;
}
