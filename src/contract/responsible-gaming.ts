import * as v from 'valibot';
import { MAX_AMOUNT_CENTAVOS } from './money.ts';
import { VALIDATION_KEYS } from './validation/keys.ts';

/**
 * Responsible gaming (issue 17, "Limits, time alert, pauses"): the shapes the
 * `/responsible-gambling` page and the platform share. Money is integer
 * centavos; periods are calendar periods in America/Sao_Paulo time.
 */

/** Money limits the player may set, each per day, week and month. */
export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];

/** Limits count in Brazilian time, whatever the server's or the player's zone: periods, resets and the page's dates. */
export const LIMIT_TIME_ZONE = 'America/Sao_Paulo';

/** Calendar periods: the day from 00:00, the week from Monday 00:00, the month from the 1st 00:00 (America/Sao_Paulo). */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Choices of the session-time limit, in minutes. */
export const SESSION_LIMIT_MINUTES = [30, 60, 120, 240, 480, 720, 1440] as const;
/** Choices of the time alert (reality check) interval, in minutes. */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;
/** Choices of a pause (cool-off), in days. */
export const COOL_OFF_DAYS = [1, 7, 30] as const;

/** A raise or removal waits this long (the cooling period); a lowering applies at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** One limit as the page shows it: the value in force and a change waiting for its cooling period. */
export interface LimitView {
  /** In force now (centavos; minutes for the session limit); null = no limit. */
  value: number | null;
  /** A raise or removal waiting: `value` null = removal; `from` = when it applies (ISO). */
  pending: { value: number | null; from: string } | null;
}

/** Usage of one money limit in its current period. */
export interface LimitUsage {
  used: number;
  /** When the period ends and the count restarts (ISO). */
  resets_at: string;
}

/** `GET /responsible-gambling` → the player's settings and where they stand. */
export interface ResponsibleGamingView {
  limits: Record<MoneyLimitKind, Record<LimitPeriod, LimitView & LimitUsage>>;
  session: LimitView & {
    /** When the current session began (ISO): the oldest live login. */
    started_at: string | null;
    /** When the session-time limit ends it (ISO), or null without a limit. */
    ends_at: string | null;
  };
  /** Minutes between time alerts; null = off. */
  reality_check_minutes: number | null;
  /** Seconds a "minute" of the time alert and the session limit lasts (60; shorter only in test configuration). */
  minute_seconds: number;
  /** A pause running until this instant (ISO), or null. */
  cool_off_until: string | null;
  /** The government's centralised self-exclusion platform (configuration). */
  self_exclusion_platform_url: string;
  /** The platform's clock (ISO), so the page counts from the same instant. */
  now: string;
  /**
   * True while a regulated tenant still needs this player's registration
   * limits (a loss limit and a session-time limit): an account made by a
   * first Google sign-in. Bets and deposits are refused until both are set.
   */
  registration_limits_required: boolean;
  /**
   * True while a regulated tenant still needs what its registration form
   * asks and a first Google sign-in skipped: the CPF, the 18+ confirmation
   * and the terms (`POST /auth/complete-registration`). Bets and deposits are
   * refused (`registration_incomplete`) until then.
   */
  registration_details_required: boolean;
}

/** `GET /responsible-gambling/session` → what the time alert shows. */
export interface SessionSummary {
  started_at: string | null;
  played_seconds: number;
  /** Wins minus stakes since the session began (centavos; negative = a loss). */
  net_result: number;
}

const AmountOrNull = v.nullable(
  v.pipe(v.number(VALIDATION_KEYS.generic), v.integer(VALIDATION_KEYS.generic), v.minValue(100, VALIDATION_KEYS.generic), v.maxValue(MAX_AMOUNT_CENTAVOS, VALIDATION_KEYS.generic)),
);
const PeriodValues = v.strictObject(
  { day: v.optional(AmountOrNull), week: v.optional(AmountOrNull), month: v.optional(AmountOrNull) },
  VALIDATION_KEYS.generic,
);
const minutesChoice = <T extends readonly number[]>(options: T) => v.picklist(options as unknown as [number, ...number[]], VALIDATION_KEYS.generic);

/**
 * `PUT /responsible-gambling/limits`: only the limits named change; `null`
 * removes one. Amounts from R$ 1,00 (100 centavos).
 */
export const UpdateLimitsSchema = v.pipe(
  v.unknown(),
  v.check((x) => !Array.isArray(x), VALIDATION_KEYS.generic),
  v.strictObject(
    {
      deposit: v.optional(PeriodValues),
      loss: v.optional(PeriodValues),
      wager: v.optional(PeriodValues),
      session_minutes: v.optional(v.nullable(minutesChoice(SESSION_LIMIT_MINUTES))),
      reality_check_minutes: v.optional(v.nullable(minutesChoice(REALITY_CHECK_MINUTES))),
    },
    VALIDATION_KEYS.generic,
  ),
);
export type UpdateLimitsInput = v.InferOutput<typeof UpdateLimitsSchema>;

/** `POST /responsible-gambling/cool-off {days}`. */
export const CoolOffSchema = v.strictObject({ days: minutesChoice(COOL_OFF_DAYS) }, VALIDATION_KEYS.generic);

/**
 * The limits a regulated tenant's registration requires (Portaria SPA/MF
 * 1.231/2024 as amended by 2.579/2025): a loss limit and a session-time limit.
 */
export const RegistrationLimitsEntries = {
  loss_limit: v.config(
    v.pipe(
      v.unknown(),
      v.check((x) => x !== undefined && x !== null && x !== '', VALIDATION_KEYS.required),
      v.number(VALIDATION_KEYS.generic),
      v.integer(VALIDATION_KEYS.generic),
      v.minValue(100, VALIDATION_KEYS.generic),
      v.maxValue(MAX_AMOUNT_CENTAVOS, VALIDATION_KEYS.generic),
    ),
    { abortPipeEarly: true },
  ),
  loss_limit_period: v.config(
    v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== '', VALIDATION_KEYS.required), v.picklist(LIMIT_PERIODS, VALIDATION_KEYS.generic)),
    { abortPipeEarly: true },
  ),
  session_limit_minutes: v.config(
    v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== '', VALIDATION_KEYS.required), minutesChoice(SESSION_LIMIT_MINUTES)),
    { abortPipeEarly: true },
  ),
};

/** Error codes of refusals (the body's `code`), with `limit` details. */
export const RESPONSIBLE_GAMING_CODES = ['limit_reached', 'session_limit_reached', 'cooling_off', 'limits_required', 'registration_incomplete'] as const;
export type ResponsibleGamingCode = (typeof RESPONSIBLE_GAMING_CODES)[number];
