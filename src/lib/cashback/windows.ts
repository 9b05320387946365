import type { CashbackType } from '../../contract/cashback.ts';

/**
 * The specification's cashback windows, one pure function for the site (what
 * the card shows) and the platform (what a claim may take), all in
 * America/Sao_Paulo time:
 *
 * - nothing before `available_at`;
 * - a calendar item on the day it becomes available: 1 claim before 12:01,
 *   2 before 18:01, 3 until the end of the day; on any later day: 3;
 * - an immediate item: 1;
 * - available = allowance − claimed, never below 0.
 */

export const CASHBACK_TIME_ZONE = 'America/Sao_Paulo';

/** How many claims an item of each type allows in all (and so in how many parts it is paid). */
export const CLAIMS_PER_TYPE: Record<CashbackType, number> = { calendar: 3, immediate: 1 };

/** 12:01 and 18:01 as minutes of the day: the second and third calendar claims open then. */
const SECOND_CLAIM_FROM = 12 * 60 + 1;
const THIRD_CLAIM_FROM = 18 * 60 + 1;

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: CASHBACK_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** São Paulo day (`YYYY-MM-DD`) and minute of that day of an instant. */
export function saoPauloClock(at: Date): { day: string; minute: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) };
}

export interface WindowItem {
  type: CashbackType;
  available_at: Date | string;
  claimed: number;
}

/** Claims the windows allow by `now` in all (before subtracting those made). */
export function claimAllowance(item: Pick<WindowItem, 'type' | 'available_at'>, now: Date): number {
  const availableAt = new Date(item.available_at);
  if (now.getTime() < availableAt.getTime()) return 0;
  if (item.type === 'immediate') return CLAIMS_PER_TYPE.immediate;
  const today = saoPauloClock(now);
  if (today.day !== saoPauloClock(availableAt).day) return CLAIMS_PER_TYPE.calendar;
  if (today.minute < SECOND_CLAIM_FROM) return 1;
  if (today.minute < THIRD_CLAIM_FROM) return 2;
  return 3;
}

/** Claims the player may make now: allowance − claimed, floor 0. */
export function claimsAvailable(item: WindowItem, now: Date): number {
  return Math.max(0, claimAllowance(item, now) - item.claimed);
}

/**
 * What claim number `claimed + 1` pays: an equal share (amount ÷ claims,
 * rounded down), the last claim taking the remainder, so the claims add up
 * to the amount exactly. 0 once every claim is made.
 */
export function nextClaimAmount(item: { type: CashbackType; amount: number; claimed: number; claimed_amount: number }): number {
  const total = CLAIMS_PER_TYPE[item.type];
  if (item.claimed >= total) return 0;
  if (item.claimed + 1 === total) return item.amount - item.claimed_amount;
  return Math.floor(item.amount / total);
}

/**
 * When a calendar item's next claim opens on its day, São Paulo time
 * (`12:01` or `18:01`), or null when no window is still to open (not
 * available yet, a later day, an immediate item, or every claim made).
 */
export function nextWindowTime(item: WindowItem, now: Date): '12:01' | '18:01' | null {
  if (item.type !== 'calendar' || item.claimed >= CLAIMS_PER_TYPE.calendar) return null;
  const availableAt = new Date(item.available_at);
  if (now.getTime() < availableAt.getTime()) return null;
  const today = saoPauloClock(now);
  if (today.day !== saoPauloClock(availableAt).day) return null;
  if (today.minute < SECOND_CLAIM_FROM) return '12:01';
  if (today.minute < THIRD_CLAIM_FROM) return '18:01';
  return null;
}
