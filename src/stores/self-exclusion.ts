import { atom } from 'nanostores';
import { SelfExclusionSchema, type SelfExclusionUnit } from '../contract/validation/profile.ts';
import { api } from './api.ts';
import type { SelfExclusionPeriod } from '../lib/auth/account-user.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { $selfExclusion, endSession } from './auth.ts';
import { createForm } from './form.ts';

/**
 * Self-exclusion from the profile (spec sections 1 and 4): a period of
 * `value` `unit` (1 day to 5 years), confirmed in a dialog, effective at
 * once. The platform ends every session of the player, so the site returns
 * to guest and shows the period.
 */
export interface SelfExclusionValues {
  value: string;
  date: SelfExclusionUnit;
}

export const selfExclusionForm = createForm<SelfExclusionValues>({
  initial: () => ({ value: '', date: 'months' }),
  check: (values) => issuesByField(SelfExclusionSchema, values),
  dependents: { date: ['value'] },
});

/** The confirmation dialog is open for the current values. */
export const $selfExclusionConfirming = atom(false);

/** Validates and asks for confirmation. */
export function requestSelfExclusion(): boolean {
  if (!selfExclusionForm.validate()) return false;
  $selfExclusionConfirming.set(true);
  return true;
}

export function cancelSelfExclusion(): void {
  $selfExclusionConfirming.set(false);
}

/** `POST /profile/self-exclusion {value, date}` → logged out with the dates in `$selfExclusion`. */
export async function confirmSelfExclusion(): Promise<boolean> {
  const { value, date } = selfExclusionForm.$values.get();
  try {
    const period = await selfExclusionForm.submit(() =>
      api.post<SelfExclusionPeriod>('/profile/self-exclusion', { value: Number(value), date }),
    );
    $selfExclusionConfirming.set(false);
    $selfExclusion.set({ start_at: period.start_at, end_at: period.end_at });
    endSession();
    selfExclusionForm.reset();
    return true;
  } catch (error) {
    $selfExclusionConfirming.set(false);
    selfExclusionForm.showApiError(error);
    return false;
  }
}
