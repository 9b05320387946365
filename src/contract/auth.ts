import type * as v from 'valibot';
import type {
  GoogleLoginSchema,
  PasswordChangeSchema,
  RecoverPasswordSchema,
  ResetPasswordSchema,
  SelfExclusionSchema,
  ShowProfileSchema,
  ToggleHideMetricsSchema,
  UpdateLanguageSchema,
  UpdateNameSchema,
  UpdateSettingsSchema,
  UpdateUserSchema,
  ValidateCpfSchema,
  VerifyCodeSchema,
  VerifyPhoneSchema,
  createLoginSchema,
  createRegisterSchema,
} from './validation/index.ts';
import type { Language, PrivacySettings } from './validation/index.ts';

/**
 * Request and response bodies of the auth and profile calls (issue 3 API
 * contract), all under the API base. Requests are the INPUT types of the
 * shared valibot schemas; every error answers `{ message, errors? }`
 * (section 8), 422 for validation with `errors` keyed by these field names.
 */

export type ValidateCpfRequest = v.InferInput<typeof ValidateCpfSchema>;
export type VerifyPhoneRequest = v.InferInput<typeof VerifyPhoneSchema>;
export type VerifyCodeRequest = v.InferInput<typeof VerifyCodeSchema>;
export type RegisterRequest = v.InferInput<ReturnType<typeof createRegisterSchema>>;
export type LoginRequest = v.InferInput<ReturnType<typeof createLoginSchema>>;
export type GoogleLoginRequest = v.InferInput<typeof GoogleLoginSchema>;
export type UpdateUserRequest = v.InferInput<typeof UpdateUserSchema>;
export type RecoverPasswordRequest = v.InferInput<typeof RecoverPasswordSchema>;
export type ResetPasswordRequest = v.InferInput<typeof ResetPasswordSchema>;
export type PasswordChangeRequest = v.InferInput<typeof PasswordChangeSchema>;
export type ShowProfileRequest = v.InferInput<typeof ShowProfileSchema>;
export type ToggleHideMetricsRequest = v.InferInput<typeof ToggleHideMetricsSchema>;
export type UpdateNameRequest = v.InferInput<typeof UpdateNameSchema>;
export type UpdateLanguageRequest = v.InferInput<typeof UpdateLanguageSchema>;
export type UpdateSettingsRequest = v.InferInput<typeof UpdateSettingsSchema>;
export type SelfExclusionRequest = v.InferInput<typeof SelfExclusionSchema>;

/** Resend wait of verification codes, seconds (section 9). */
export const CODE_RESEND_SECONDS = 20;

/** The user object (`data` / `user`) every auth and profile call returns. Money in integer centavos. */
export interface AuthUser {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  /** The phone number in E.164 (the login name); null only for a Google-created account without a verified phone yet. */
  username: string | null;
  /** URL of the avatar (`{api base}/avatars/{file}`), or null. */
  avatar: string | null;
  language: Language;
  /** `yyyy-mm-dd` or null. */
  birth_date: string | null;
  level: number;
  totalBet: number;
  vip: { level: number; points: number };
  wallet: { balance: number; balance_withdrawal: number; deposit_count: number };
  user_likes: number[];
  /** ISO timestamps or null. */
  email_verified_at: string | null;
  phone_verified_at: string | null;
  /** `***.456.789-**`, or null when no CPF was given. */
  cpf_masked: string | null;
  gender: 'male' | 'female' | null;
  marital_status: 'single' | 'dating' | 'married' | null;
  settings: PrivacySettings;
  hide_metrics: boolean;
  selfExcluded: boolean;
  /** ISO timestamps of the self-exclusion period, or null. */
  start_at: string | null;
  end_at: string | null;
  created_at: string;
  /** When the player last closed / refused the push-permission modal, on any device (docs/push.md). */
  push_prompt: { closed_at: string | null; denied_at: string | null };
  /**
   * Set while the regulator bars the player (SIGAP, docs/barred-players.md):
   * bets and deposits are refused, withdrawals allowed, and the account
   * closes at `closes_at` (ISO). Null otherwise.
   */
  barred: BarredStatus | null;
}

/** The bar of `AuthUser.barred`: since when (ISO) and when the account closes (ISO). */
export interface BarredStatus {
  barred_at: string;
  closes_at: string;
}

/** The public view `POST /profile/show` returns: hidden parts are null/absent as the owner chose. */
export interface PublicProfile {
  id: number;
  /** null when the owner hides the username or everything. */
  name: string | null;
  avatar: string | null;
  /** null when the owner hides statistics, metrics or everything. */
  level: number | null;
  totalBet: number | null;
  vip: { level: number; points: number } | null;
  created_at: string;
  hidden: { username: boolean; statistics: boolean; activity: boolean; played_games: boolean; battle_rewards: boolean; all: boolean };
}

/** `POST /auth/login`, `/auth/register`, `/auth/google`. */
export interface AuthSessionResponse {
  data: AuthUser;
  token: string;
}

/** `GET /auth/me`, `POST /auth/update`, and most profile writes. */
export interface UserResponse {
  data: AuthUser;
}

/** `GET /profile`. */
export interface ProfileResponse {
  user: AuthUser;
}

/** `POST /auth/verify-phone`, `/auth/verify-email`. */
export interface CodeSentResponse {
  message: string;
  resend_in: number;
}

/** 429 inside the resend wait or after too many attempts: seconds to wait. */
export interface RetryLaterError {
  message: string;
  retry_in: number;
}

/** `POST /auth/verify-code` as a guest (registration). Token valid 30 min, single use. */
export interface PhoneVerifiedResponse {
  verified: true;
  verification_token: string;
}

/** `POST /auth/verify-code` logged in. */
export interface ContactVerifiedResponse {
  verified: true;
  data: AuthUser;
}

/** 403 of `/auth/login` for a self-excluded player. */
export interface SelfExcludedError {
  message: string;
  selfExcluded: true;
  start_at: string;
  end_at: string;
}

/** `POST /profile/self-exclusion` (ISO timestamps). */
export interface SelfExclusionResponse {
  start_at: string;
  end_at: string;
}

export interface MessageResponse {
  message: string;
}

/** `GET /profile/getLanguage`. */
export interface LanguageResponse {
  language: Language;
}

/** `POST /validate/validate-cpf`. */
export interface CpfValidResponse {
  valid: true;
}
