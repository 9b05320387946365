import * as v from 'valibot';
import { VALIDATION_KEYS } from './validation/keys.ts';

/**
 * Closing the account and downloading one's data (issue 17, "Account
 * closure and data"): the shapes the profile page and the platform share.
 * Calls (player, under `/api`, bearer token, `Cache-Control: no-store`):
 * - `GET /profile/close-account` → `CloseAccountInfo`: how this player confirms;
 * - `POST /profile/close-account {password?, confirmation?, note?}` →
 *   `{ closed_at }`; every session of the player ends with it.
 * - `GET /profile/export?format=json` → one JSON document of every section;
 *   `GET /profile/export?format=csv&section=<section>` → one CSV file per section.
 */

/**
 * The word a player without a password (Google sign-in only) types to
 * confirm, in either language (case and spaces ignored).
 */
export const CLOSE_CONFIRMATION_WORDS = { pt: 'ENCERRAR', en: 'CLOSE' } as const;

/** Longest note a player may leave about why they close. */
export const CLOSURE_NOTE_MAX = 500;

export const CloseAccountSchema = v.object({
  /** Required when the account has a password. */
  password: v.optional(v.pipe(v.string(VALIDATION_KEYS.generic), v.maxLength(200, VALIDATION_KEYS.generic))),
  /** Required when it has none: one of CLOSE_CONFIRMATION_WORDS. */
  confirmation: v.optional(v.pipe(v.string(VALIDATION_KEYS.generic), v.maxLength(40, VALIDATION_KEYS.generic))),
  note: v.optional(v.pipe(v.string(VALIDATION_KEYS.generic), v.maxLength(CLOSURE_NOTE_MAX, VALIDATION_KEYS.generic))),
});
export type CloseAccountBody = v.InferOutput<typeof CloseAccountSchema>;

/** How the player confirms a closure: their password, or (no password: Google sign-in only) the typed word. */
export interface CloseAccountInfo {
  confirm_with: 'password' | 'word';
}

export interface CloseAccountResponse {
  closed_at: string;
}

/** Whether `typed` is the confirmation word of either language. */
export function isCloseConfirmation(typed: string | undefined): boolean {
  const word = (typed ?? '').trim().toUpperCase();
  return word === CLOSE_CONFIRMATION_WORDS.pt || word === CLOSE_CONFIRMATION_WORDS.en;
}

/**
 * The export's sections, in the order of the JSON document. `profile`,
 * `limits` and `barred_check` hold one object each in JSON (rows of
 * `setting,value` in CSV); the others are lists, oldest first.
 */
export const EXPORT_SECTIONS = [
  'profile',
  'transactions',
  'deposits',
  'withdrawals',
  'house_rounds',
  'casino_rounds',
  'sports_bets',
  'sessions',
  'limits',
  'identity_documents',
  'barred_check',
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];
export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ExportQuerySchema = v.object({
  format: v.optional(v.picklist(EXPORT_FORMATS, VALIDATION_KEYS.generic), 'json'),
  section: v.optional(v.picklist(EXPORT_SECTIONS, VALIDATION_KEYS.generic)),
});
