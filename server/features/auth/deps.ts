import { join } from 'node:path';
import type { Context } from 'hono';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv, TenantContext } from '../../http/context.ts';
import { type MessageLocale, messageLocale } from '../../http/messages.ts';
import type { Logger } from '../../logger.ts';
import { createAvatarStore, type AvatarStore } from '../avatars/store.ts';
import type { BarredDeps } from '../barred/deps.ts';
import { type CaptchaVerifier, createTurnstileVerifier } from '../captcha/turnstile.ts';
import { createGoogleVerifier, type GoogleVerifier } from '../google/verify-id-token.ts';
import { createNotifier } from '../notifier/create-notifier.ts';
import { createHttpSmsGateway } from '../notifier/http-sms-gateway.ts';
import { createSmtpTransport } from '../notifier/smtp.ts';
import type { Notifier } from '../notifier/types.ts';
import { createDbRateLimiter, type RateLimiter } from '../rate-limit/limiter.ts';
import { createPasswordHasher, type PasswordHasher } from './password.ts';

/**
 * Everything the account features (auth, profile, avatars) need, built once
 * from the configuration by {@link createAccountsDeps}. Tests replace parts
 * (clock, notifier, verifiers) through `overrides`.
 */
export interface AccountsDeps {
  db: Db;
  config: Config;
  log: Logger;
  /** The clock every rule (idle tokens, codes, self-exclusion) reads. */
  now: () => Date;
  notifier: Notifier;
  limiter: RateLimiter;
  captcha: CaptchaVerifier;
  google: GoogleVerifier;
  hasher: PasswordHasher;
  avatars: AvatarStore;
  /** The regulator's barred-bettor check at registration and at the day's first login (server/features/barred); absent = no check (wired by createApp). */
  barred?: BarredDeps;
}

/**
 * Builds the account services from configuration: SMTP when SMTP_URL is set,
 * the HTTP SMS gateway when SMS_GATEWAY_URL is set, otherwise the outbox
 * (printed to stdout unless LOG_LEVEL is silent).
 */
export function createAccountsDeps(base: { db: Db; config: Config; log: Logger }, overrides: Partial<AccountsDeps> = {}): AccountsDeps {
  const { db, config, log } = base;
  const now = overrides.now ?? (() => new Date());
  const print = config.logLevel === 'silent' ? () => {} : (line: string) => process.stdout.write(`${line}\n`);
  return {
    db,
    config,
    log,
    now,
    notifier:
      overrides.notifier ??
      createNotifier({
        db,
        print,
        sms: config.notifier.smsGatewayUrl ? createHttpSmsGateway({ url: config.notifier.smsGatewayUrl, token: config.notifier.smsGatewayToken }) : null,
        email: config.notifier.smtpUrl ? createSmtpTransport({ url: config.notifier.smtpUrl, from: config.notifier.mailFrom }) : null,
      }),
    limiter: overrides.limiter ?? createDbRateLimiter(db, now),
    captcha:
      overrides.captcha ??
      createTurnstileVerifier({ verifyUrl: config.auth.turnstileVerifyUrl, secret: config.auth.turnstileSecret, onError: (m) => log.error(m) }),
    google: overrides.google ?? createGoogleVerifier({ jwksUrl: config.auth.googleJwksUrl, onError: (m) => log.error(m) }),
    hasher: overrides.hasher ?? createPasswordHasher({ logN: config.auth.scryptLogN, r: 8, p: 1 }),
    avatars: overrides.avatars ?? createAvatarStore(join(config.dataDir, 'avatars')),
    ...(overrides.barred ? { barred: overrides.barred } : {}),
  };
}

/** Per-request facts services need besides the deps. */
export interface RequestFacts {
  tenant: TenantContext;
  locale: MessageLocale;
  ip: string;
  /** The client's User-Agent header, if it sent one (kept with the session it starts). */
  userAgent: string | null;
}

export function requestFacts(c: Context<AppEnv>, deps: AccountsDeps): RequestFacts {
  return { tenant: c.get('tenant'), locale: messageLocale(c.req.header('accept-language')), ip: clientIp(c, deps.config.clientIpHeader), userAgent: c.req.header('user-agent') ?? null };
}
