import * as v from 'valibot';

/**
 * Web Push (spec sections 4, 7 and 9), shared by the platform
 * (server/features/push) and the site (stores/push.ts, lib/push). Decisions
 * are written down in docs/push.md.
 */

/** `GET /subscription/key` (not in the spec): the VAPID public key browsers subscribe with. */
export interface PushKeyAnswer {
  /** Uncompressed P-256 point, base64url: what `PushManager.subscribe({ applicationServerKey })` takes. */
  publicKey: string;
}

/** `POST /subscription` answer. */
export interface PushSubscribeAnswer {
  subscribed: true;
}

/** Bytes of an uncompressed P-256 public key (0x04 ‖ x ‖ y), the subscriber's `p256dh`. */
export const P256DH_BYTES = 65;
/** Bytes of the subscriber's authentication secret (RFC 8291 §3.2). */
export const AUTH_SECRET_BYTES = 16;
/** Longest endpoint URL accepted (real push services use a few hundred characters). */
export const ENDPOINT_MAX = 2048;

/** i18n keys of the field errors (namespace `push`, translated by the platform's error handler). */
export const PUSH_FIELD_KEYS = {
  endpoint: 'push.api.endpoint',
  p256dh: 'push.api.p256dh',
  auth: 'push.api.auth',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Decoded length of a base64url string (padding allowed), or -1 when it is not base64url. */
export function base64UrlByteLength(text: string): number {
  if (!BASE64URL.test(text)) return -1;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/**
 * `POST /subscription {endpoint, keys: {p256dh, auth}}` as `PushSubscription.toJSON()`
 * gives it. Shape only: whether the endpoint's scheme and host are allowed and
 * whether `p256dh` is a point on the curve are the platform's checks.
 */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(PUSH_FIELD_KEYS.endpoint), v.trim(), v.nonEmpty(PUSH_FIELD_KEYS.endpoint), v.maxLength(ENDPOINT_MAX, PUSH_FIELD_KEYS.endpoint)),
  keys: v.object(
    {
      p256dh: v.pipe(
        v.string(PUSH_FIELD_KEYS.p256dh),
        v.check((s) => base64UrlByteLength(s) === P256DH_BYTES, PUSH_FIELD_KEYS.p256dh),
      ),
      auth: v.pipe(
        v.string(PUSH_FIELD_KEYS.auth),
        v.check((s) => base64UrlByteLength(s) === AUTH_SECRET_BYTES, PUSH_FIELD_KEYS.auth),
      ),
    },
    PUSH_FIELD_KEYS.p256dh,
  ),
});
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionSchema>;

/**
 * `POST /subscription/prompt {answer}` (not in the spec): the player closed
 * the push-permission modal ('closed') or refused notifications in it
 * ('denied'). The platform keeps the time, so the 24 h / 5-day waits hold on
 * every device the player logs in on (docs/push.md). Answer 204.
 */
export const PushPromptAnswerSchema = v.object({ answer: v.picklist(['closed', 'denied']) });
export type PushPromptAnswer = v.InferOutput<typeof PushPromptAnswerSchema>;

/** The player's last answers to the modal, with `/auth/me` (`push_prompt`): ISO times or null. */
export interface PushPromptTimes {
  closed_at: string | null;
  denied_at: string | null;
}
