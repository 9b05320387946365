import { describe, expect, it } from 'vitest';
import { ConfigError, getConfig } from '../../../../server/config.ts';

describe('account configuration', () => {
  it('has safe defaults', () => {
    const config = getConfig({});
    expect(config).toMatchObject({
      dataDir: './data',
      clientIpHeader: null,
      ipRateLimitScale: 1,
      devOutbox: false,
      auth: {
        scryptLogN: 15,
        googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
        turnstileVerifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
        turnstileSecret: null,
      },
      notifier: { smtpUrl: null, mailFrom: 'no-reply@localhost', smsGatewayUrl: null, smsGatewayToken: null },
    });
  });

  it('reads every variable', () => {
    const config = getConfig({
      DATA_DIR: '/var/lib/casino',
      CLIENT_IP_HEADER: 'CF-Connecting-IP',
      IP_RATE_LIMIT_SCALE: '50',
      DEV_OUTBOX: 'true',
      PASSWORD_SCRYPT_LOG_N: '16',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
      TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/verify',
      TURNSTILE_SECRET: 's',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'Ipê <no-reply@ipe.example>',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_TOKEN: 't',
    });
    expect(config).toMatchObject({ dataDir: '/var/lib/casino', clientIpHeader: 'cf-connecting-ip', ipRateLimitScale: 50, devOutbox: true });
    expect(config.auth).toEqual({ scryptLogN: 16, googleJwksUrl: 'http://127.0.0.1:9/certs', turnstileVerifyUrl: 'http://127.0.0.1:9/verify', turnstileSecret: 's' });
    expect(config.notifier).toEqual({ smtpUrl: 'smtps://u:p@mail.example:465', mailFrom: 'Ipê <no-reply@ipe.example>', smsGatewayUrl: 'https://sms.example/send', smsGatewayToken: 't' });
  });

  it.each([
    ['PASSWORD_SCRYPT_LOG_N', '9'],
    ['PASSWORD_SCRYPT_LOG_N', '21'],
    ['SMTP_URL', 'http://mail'],
    ['SMS_GATEWAY_URL', 'ftp://x'],
    ['GOOGLE_JWKS_URL', 'not a url'],
    ['CLIENT_IP_HEADER', 'bad header'],
    ['IP_RATE_LIMIT_SCALE', '0'],
    ['DEV_OUTBOX', 'maybe'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => getConfig({ [name]: value })).toThrow(ConfigError);
  });
});
