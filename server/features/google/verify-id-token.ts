import { createRemoteJWKSet, jwtVerify } from 'jose';

/** Google's two issuer spellings for ID tokens. */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
}

/** Verifies Google ID tokens; resolves null for any token that is not valid for `audience`. */
export interface GoogleVerifier {
  verify(idToken: string, audience: string): Promise<GoogleIdentity | null>;
}

/**
 * Verifies signature (keys from `jwksUrl`, fetched and cached by jose),
 * issuer, audience (the tenant's `googleClientId`), expiry, and requires a
 * verified e-mail. Anything else → null.
 */
export function createGoogleVerifier(opts: { jwksUrl: string; onError?: (message: string) => void }): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return {
    async verify(idToken, audience) {
      try {
        const { payload } = await jwtVerify(idToken, keys, { issuer: GOOGLE_ISSUERS, audience, algorithms: ['RS256'], clockTolerance: 60 });
        const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || !emailVerified) return null;
        return { sub: payload.sub, email: payload.email, name: typeof payload.name === 'string' ? payload.name : null };
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        // Bad tokens are the caller's problem; an unreachable key set is ours.
        if (code === 'ERR_JWKS_TIMEOUT' || !code.startsWith('ERR_J')) opts.onError?.(`google: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    },
  };
}
