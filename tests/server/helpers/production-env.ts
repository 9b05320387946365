/** An environment production mode accepts: every secret long and chosen, a real PSP, real SMS and e-mail. */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://casino@db.internal:5432/casino',
  REALTIME_APP_SECRET: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00',
  PIX_WEBHOOK_SECRET: 'beefbeefbeefbeefbeefbeefbeefbeefbeefbeef',
  PIX_PSP: 'bcb-api',
  PIX_PSP_BASE_URL: 'https://psp.example/api/v2',
  PIX_PSP_TOKEN_URL: 'https://psp.example/oauth/token',
  PIX_PSP_CLIENT_ID: 'client',
  PIX_PSP_CLIENT_SECRET: 'psp-issued-client-secret',
  PIX_PSP_CERT_FILE: '/etc/pix/cert.pem',
  PIX_PSP_KEY_FILE: '/etc/pix/key.pem',
  PIX_PSP_PIX_KEY: 'pix@operador.example',
  SMS_GATEWAY_URL: 'https://sms.example/send',
  SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
  MAIL_FROM: 'no-reply@ipe.example',
  VAPID_SUBJECT: 'mailto:ops@ipe.example',
};
