import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/**
 * RFC 6238 TOTP through `otpauth`, pinned to what every authenticator app
 * reads: HMAC-SHA1, 6 digits, 30-second steps. One step either side is
 * accepted for clock drift.
 */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const DRIFT_STEPS = 1;

/** A fresh 160-bit secret, base32 (what authenticator apps take when typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), ...TOTP_PARAMS });
}

/** The `otpauth://` URI and a QR code (SVG) of it, for enrolment. */
export function totpEnrolment(secret: string, issuer: string, email: string): { otpauthUri: string; qrSvg: string } {
  const otpauthUri = totp(secret, issuer, email).toString();
  return { otpauthUri, qrSvg: renderSVG(otpauthUri, { border: 2 }) };
}

/**
 * The time step `code` is valid for, or null. The caller refuses a step at or
 * before the last one used, so a code seen over a shoulder cannot be replayed.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), timestamp: now.getTime(), window: DRIFT_STEPS, ...TOTP_PARAMS });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PARAMS.period, timestamp: now.getTime() }) + delta;
}

/** The current code of `secret` (tests, and the sandbox's demo helper). */
export function totpCode(secret: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime(), ...TOTP_PARAMS });
}
