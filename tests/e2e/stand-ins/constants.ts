/**
 * Where the browser tests' vendor stand-ins listen and the shared secret
 * between them and the product. Imported by `playwright.config.ts` (to point
 * the product at the stand-ins) and by the specs.
 */
export const STAND_IN_PORT = Number(process.env.E2E_STAND_IN_PORT ?? 4392);
export const STAND_IN_ORIGIN = `http://127.0.0.1:${STAND_IN_PORT}`;
/** The Turnstile secret the product sends to siteverify; any other secret is refused. */
export const TURNSTILE_TEST_SECRET = 'e2e-turnstile-secret';

/** The product's environment pointing its vendor calls at the stand-ins. */
export const STAND_IN_PRODUCT_ENV = {
  TURNSTILE_VERIFY_URL: `${STAND_IN_ORIGIN}/turnstile/v0/siteverify`,
  TURNSTILE_SECRET: TURNSTILE_TEST_SECRET,
  GOOGLE_JWKS_URL: `${STAND_IN_ORIGIN}/oauth2/v3/certs`,
} as const;
