/** What identifies the caller on every platform call (spec section 6). */
export interface Credentials {
  /** Bearer token of a logged-in player; null for a guest. */
  token: string | null;
  guestId: string;
  /** Stored `lmcp` marketing parameter, if any. */
  lmcp: string | null;
}

/**
 * `Authorization: Bearer …` for a player, otherwise `Guest-ID`; plus `lmcp`
 * when stored. Exactly one identity header is ever sent.
 */
export function identityHeaders(credentials: Credentials): Record<string, string> {
  const headers: Record<string, string> = credentials.token
    ? { Authorization: `Bearer ${credentials.token}` }
    : { 'Guest-ID': credentials.guestId };
  if (credentials.lmcp) headers.lmcp = credentials.lmcp;
  return headers;
}
