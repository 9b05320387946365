import { LIMIT_PERIODS, LIMIT_RAISE_DELAY_MS } from '../../../src/contract/responsible-gaming.ts';
import type { StoredLimit, StoredLimits } from './schema.ts';

/**
 * The limit as it stands at `now`: a waiting raise or removal whose cooling
 * period has passed is in force (and no longer waiting).
 */
export function limitAt(stored: StoredLimit | undefined, now: Date): StoredLimit {
  if (!stored) return { value: null, pending: null };
  const pending = stored.pending ?? null;
  if (pending && new Date(pending.from).getTime() <= now.getTime()) return { value: pending.value, pending: null };
  return { value: stored.value, pending };
}

/**
 * The limit after the player asks for `next` (null = no limit) at `now`:
 * a new or lower limit applies at once (and drops a waiting raise); a higher
 * one or a removal waits 24 hours, the value in force staying until then
 * (asking again restarts the wait); asking for the value in force cancels a
 * waiting change.
 */
export function changeLimit(stored: StoredLimit | undefined, next: number | null, now: Date): StoredLimit {
  const current = limitAt(stored, now);
  if (next === current.value) return { value: current.value, pending: null };
  if (next !== null && (current.value === null || next < current.value)) return { value: next, pending: null };
  return { value: current.value, pending: { value: next, from: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS).toISOString() } };
}

/** True when `limits` hold a loss limit (any period) and a session-time limit in force at `now`: what a regulated tenant's registration requires. */
function registrationLimitsChosen(limits: StoredLimits, now: Date): boolean {
  const loss = LIMIT_PERIODS.some((period) => limitAt(limits.loss?.[period], now).value !== null);
  return loss && limitAt(limits.session, now).value !== null;
}

/**
 * True while the player still owes the registration limits of a regulated
 * tenant (`registration_pending`, set for an account made by a first Google
 * sign-in) and has not chosen both yet.
 */
export function registrationLimitsMissing(limits: StoredLimits, now: Date): boolean {
  return limits.registration_pending === true && !registrationLimitsChosen(limits, now);
}

/**
 * `limits` without the `registration_pending` mark once both registration
 * limits are in force: from then on the player is like one who chose them in
 * the registration form (a later removal waits 24 hours as for anyone).
 */
export function settleRegistrationMark(limits: StoredLimits, now: Date): StoredLimits {
  if (!limits.registration_pending || !registrationLimitsChosen(limits, now)) return limits;
  const { registration_pending: _settled, ...rest } = limits;
  return rest;
}

/**
 * True while a regulated tenant still waits for the registration form's data
 * a first Google sign-in skipped (CPF, 18+ confirmation, terms):
 * `registration_details_pending`, dropped by `confirmRegistrationDetails`.
 */
export function registrationDetailsMissing(limits: StoredLimits): boolean {
  return limits.registration_details_pending === true;
}
