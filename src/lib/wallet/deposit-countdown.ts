/**
 * The Pix charge's 5-minute countdown (spec sections 4 and 9: "expires 5
 * minutes after being set").
 */

/** Spec section 9: Pix expiry 5 min. */
export const PIX_EXPIRY_MS = 5 * 60 * 1000;

/**
 * When the charge expires on this device's clock (epoch ms). The platform's
 * `expires_at` is used while it is plausible (in the future and at most 5
 * minutes away); a device clock that disagrees with the server's (ahead or
 * behind by minutes) would otherwise show an already-expired or too-long
 * countdown, so then the 5 minutes count from `receivedAt`.
 */
export function chargeDeadline(expiresAt: string, receivedAt: number): number {
  const server = Date.parse(expiresAt);
  const left = server - receivedAt;
  return Number.isFinite(server) && left > 0 && left <= PIX_EXPIRY_MS ? server : receivedAt + PIX_EXPIRY_MS;
}

/** Milliseconds left → `mm:ss` (whole seconds rounded up, so 00:00 means expired). */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
