import type { Config } from './config.ts';
import { SANDBOX_SIGAP_CREDENTIALS } from './features/barred/config.ts';

/**
 * What production mode (NODE_ENV=production or APP_ENV=production) refuses.
 * The defaults that let `npm start` run with no settings are published in
 * the README, so anyone can sign with them: fine for the demo, a hole for an
 * operator taking real money. `productionGaps` lists every such setting in a
 * configuration; `getConfig` refuses to start in production when the list is
 * not empty and `npm start` prints it as the demo's sandbox warning.
 */

/** Development values written in the README and used as defaults by `getConfig`. */
export const DEVELOPMENT_DEFAULTS = {
  REALTIME_APP_SECRET: 'app-secret',
  PIX_WEBHOOK_SECRET: 'development-pix-webhook-secret',
  VAPID_SUBJECT: 'mailto:push@example.com',
  MAIL_FROM: 'no-reply@localhost',
  SANDBOX_AGGREGATOR_SECRET: 'development-sandbox-aggregator-secret',
  /** 32 bytes in hex: the ASCII of `development-staff-totp-key------`. */
  STAFF_TOTP_KEY: '646576656c6f706d656e742d73746166662d746f74702d6b65792d2d2d2d2d2d',
} as const;

/** Shortest secret the operator chooses and shares (realtime, PSP webhook, aggregators): 32 characters, e.g. `openssl rand -hex 32`. */
export const MIN_SHARED_SECRET_LENGTH = 32;
/** Shortest OAuth client secret accepted from the PSP (issued by the PSP, so only an obviously weak one is refused). */
export const MIN_PSP_CLIENT_SECRET_LENGTH = 16;

/**
 * Cloudflare's published Turnstile test secrets (always pass, always fail,
 * token already spent): a captcha checked with them checks nothing.
 */
const TURNSTILE_TEST_SECRETS = new Set(['1x0000000000000000000000000000000AA', '2x0000000000000000000000000000000AA', '3x0000000000000000000000000000000AA']);

/** One setting unfit for production: the variable to change and why. */
export interface ProductionGap {
  variable: string;
  problem: string;
}

/** The configuration as read, before the mode fields are added. */
export type ConfigValues = Omit<Config, 'production' | 'productionGaps'>;

/**
 * Every setting of `config` that production mode refuses, in a stable
 * order (one entry per problem; a variable may appear once per problem).
 * Pure: reads only `config`.
 */
export function productionGaps(config: ConfigValues): ProductionGap[] {
  const gaps: ProductionGap[] = [];
  const gap = (variable: string, problem: string): void => void gaps.push({ variable, problem });

  sharedSecret(gap, 'REALTIME_APP_SECRET', config.realtime.secret, DEVELOPMENT_DEFAULTS.REALTIME_APP_SECRET);
  sharedSecret(gap, 'PIX_WEBHOOK_SECRET', config.pix.webhookSecret, DEVELOPMENT_DEFAULTS.PIX_WEBHOOK_SECRET);
  staffTotpKey(gap, config.backoffice.totpKey);
  for (const [code, secret] of config.gameProviderSecrets) {
    if (secret.length < MIN_SHARED_SECRET_LENGTH) gap('GAME_PROVIDER_SECRETS', `has a secret for "${code}" shorter than ${MIN_SHARED_SECRET_LENGTH} characters`);
  }

  if (config.gameAggregators.defaultAggregator === 'sandbox') {
    gap('GAME_AGGREGATOR', 'is sandbox: the built-in stand-in aggregator plays every third-party game; set none or a real aggregator');
  }
  for (const [code, aggregator] of config.gameAggregators.byProvider) {
    if (aggregator === 'sandbox') gap('GAME_PROVIDER_AGGREGATORS', `maps "${code}" to sandbox, the built-in stand-in aggregator`);
  }
  if (config.pix.psp === 'sandbox') gap('PIX_PSP', 'is sandbox: the built-in stand-in PSP pays any charge on request; set bcb-api and the PIX_PSP_* variables of your PSP');
  if (config.pix.bcbApi) {
    if (config.pix.bcbApi.clientSecret.length < MIN_PSP_CLIENT_SECRET_LENGTH) gap('PIX_PSP_CLIENT_SECRET', `is shorter than ${MIN_PSP_CLIENT_SECRET_LENGTH} characters`);
    offMachineHttps(gap, 'PIX_PSP_BASE_URL', config.pix.bcbApi.baseUrl);
    offMachineHttps(gap, 'PIX_PSP_TOKEN_URL', config.pix.bcbApi.tokenUrl);
  }

  offMachineHttps(gap, 'TURNSTILE_VERIFY_URL', config.auth.turnstileVerifyUrl);
  offMachineHttps(gap, 'GOOGLE_JWKS_URL', config.auth.googleJwksUrl);
  // TURNSTILE_SECRET may stay unset: a tenant with a site key then refuses captchas (fails closed), it never skips them.
  if (config.auth.turnstileSecret !== null && TURNSTILE_TEST_SECRETS.has(config.auth.turnstileSecret)) {
    gap('TURNSTILE_SECRET', 'is one of Cloudflare’s published test secrets');
  }

  if (config.notifier.smsGatewayUrl === null) gap('SMS_GATEWAY_URL', 'is unset: SMS verification codes would go to the outbox (database and log), not to players');
  if (config.notifier.smtpUrl === null) gap('SMTP_URL', 'is unset: e-mail verification codes would go to the outbox (database and log), not to players');
  if (config.notifier.mailFrom === DEVELOPMENT_DEFAULTS.MAIL_FROM) gap('MAIL_FROM', `is the development default "${DEVELOPMENT_DEFAULTS.MAIL_FROM}"`);
  if (config.responsibleGaming.realityCheckMinuteSeconds !== 60) gap('REALITY_CHECK_MINUTE_SECONDS', 'is not 60: time alerts would come early (a test setting)');
  if (config.devOutbox) gap('DEV_OUTBOX', 'is true: GET /api/dev/outbox would list every verification code');
  if (config.push.allowLoopbackHttp) gap('PUSH_ALLOW_LOOPBACK_HTTP', 'is true: push subscriptions to http://127.0.0.1 would be accepted');
  if (config.push.vapidSubject === DEVELOPMENT_DEFAULTS.VAPID_SUBJECT) gap('VAPID_SUBJECT', `is the development default "${DEVELOPMENT_DEFAULTS.VAPID_SUBJECT}": set the operator’s contact`);
  if (config.seedDemo) gap('SEED_DEMO', 'is true: the demo tenants and their published operator keys would be created');
  if (config.databaseUrl === 'memory://') gap('DATABASE_URL', 'is memory://: every player and every balance would be lost at exit');
  sportsbookGaps(gap, config.sportsbook);
  sigapGaps(gap, config.barred);
  return gaps;
}

/** The barred-bettor check (IN SPA/MF 22/2025): the regulator's own service, on https off this machine, with credentials it issued (not the sandbox's published ones). */
function sigapGaps(gap: (variable: string, problem: string) => void, barred: ConfigValues['barred']): void {
  if (barred.provider === 'sandbox') return gap('SIGAP_PROVIDER', 'is sandbox: the built-in stand-in answers for the regulator’s barred-bettor list; set sigap and the SIGAP_* variables');
  if (barred.provider === 'none') return gap('SIGAP_PROVIDER', 'is none: barred bettors (SIGAP, IN SPA/MF 22/2025) would not be checked; set sigap and the SIGAP_* variables');
  if (barred.url) offMachineHttps(gap, 'SIGAP_URL', barred.url);
  if (barred.clientId === SANDBOX_SIGAP_CREDENTIALS.clientId) gap('SIGAP_CLIENT_ID', `is the sandbox’s documented "${SANDBOX_SIGAP_CREDENTIALS.clientId}"`);
  if (barred.clientSecret === SANDBOX_SIGAP_CREDENTIALS.clientSecret) gap('SIGAP_CLIENT_SECRET', `is the sandbox’s documented "${SANDBOX_SIGAP_CREDENTIALS.clientSecret}"`);
  else if (barred.clientSecret.length < MIN_PSP_CLIENT_SECRET_LENGTH) gap('SIGAP_CLIENT_SECRET', `is shorter than ${MIN_PSP_CLIENT_SECRET_LENGTH} characters`);
}

/** The sportsbook: never the sandbox; a real provider's widget and callbacks on https off this machine (key files are checked at start, server/features/sportsbook/keys.ts). */
function sportsbookGaps(gap: (variable: string, problem: string) => void, sportsbook: ConfigValues['sportsbook']): void {
  if (sportsbook.provider === 'sandbox') {
    gap('SPORTSBOOK_PROVIDER', 'is sandbox: the built-in stand-in sportsbook settles any bet on request; set betby (and the SPORTSBOOK_* variables) or none');
    return;
  }
  if (sportsbook.provider !== 'betby') return;
  if (/^https?:\/\//.test(sportsbook.scriptUrl)) offMachineHttps(gap, 'SPORTSBOOK_SCRIPT_URL', sportsbook.scriptUrl);
  else if (sportsbook.scriptUrl.startsWith('/sandbox-sportsbook')) gap('SPORTSBOOK_SCRIPT_URL', 'is the sandbox sportsbook’s script');
  offMachineHttps(gap, 'SPORTSBOOK_CALLBACK_BASE_URL', sportsbook.callbackBaseUrl);
}

/** STAFF_TOTP_KEY seals every staff member's second factor: never the published key, always 32 bytes (getConfig already refuses another length; checked again here since sealing depends on it). */
function staffTotpKey(gap: (variable: string, problem: string) => void, key: Buffer): void {
  if (key.equals(Buffer.from(DEVELOPMENT_DEFAULTS.STAFF_TOTP_KEY, 'hex'))) gap('STAFF_TOTP_KEY', `is the documented default "${DEVELOPMENT_DEFAULTS.STAFF_TOTP_KEY}"`);
  else if (key.length !== 32) gap('STAFF_TOTP_KEY', 'is not 32 bytes (64 hex digits)');
}

function sharedSecret(gap: (variable: string, problem: string) => void, variable: string, value: string, documented: string): void {
  if (value === documented) gap(variable, `is the documented default "${documented}"`);
  else if (value.length < MIN_SHARED_SECRET_LENGTH) gap(variable, `is shorter than ${MIN_SHARED_SECRET_LENGTH} characters`);
}

/** Loopback names: a service there is a stand-in on the operator's own machine, not Google, Cloudflare or a PSP. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0' || host === '::';
}

function offMachineHttps(gap: (variable: string, problem: string) => void, variable: string, url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return gap(variable, 'is not a URL');
  }
  if (isLoopback(parsed.hostname)) gap(variable, `points at this machine (${parsed.host}), a local stand-in`);
  else if (parsed.protocol !== 'https:') gap(variable, 'must be an https:// URL');
}

/** The refusal's text: one line per gap, so the operator fixes them all in one go. */
export function describeGaps(gaps: readonly ProductionGap[]): string {
  return gaps.map((g) => `  - ${g.variable} ${g.problem}`).join('\n');
}
