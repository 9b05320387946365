import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../../server/db/schema.ts';
import { createHttpSmsGateway } from '../../../../server/features/notifier/http-sms-gateway.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from '../auth/helpers.ts';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}
interface Sms {
  body: { to: string; text: string; tenant_id: number };
  authorization: string | undefined;
}

const mails: Mail[] = [];
const sms: Sms[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let gateway: Server;
let gatewayUrl: string;
let gatewayStatus = 200;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  gateway = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      sms.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), authorization: req.headers.authorization });
      res.writeHead(gatewayStatus, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe('SMTP and SMS gateway transports', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await accountsHarness({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Ipe Bet <no-reply@ipebet.test>', SMS_GATEWAY_URL: gatewayUrl, SMS_GATEWAY_TOKEN: 'gw-secret' },
    });
  });
  afterAll(() => h.close());

  it('sends SMS codes to the HTTP gateway and e-mail codes over SMTP, keeping neither in the outbox', async () => {
    const phone = '+5511987700001';
    expect((await h.call('POST', '/auth/verify-phone', { body: { phone } })).status).toBe(200);
    const sent = sms.at(-1)!;
    expect(sent.authorization).toBe('Bearer gw-secret');
    expect(sent.body).toMatchObject({ to: phone, tenant_id: h.tenants.local });
    const code = sent.body.text.match(/\d{6}/)![0];
    const verified = await h.call('POST', '/auth/verify-code', { body: { channel: 'phone', destination: phone, code } });
    const registered = await h.call('POST', '/auth/register', {
      body: {
        gender: 'male',
        marital_status: 'married',
        name: 'João Souza',
        username: phone,
        phone_verification_token: verified.body.verification_token,
        email: 'joao@example.com',
        password: 'senha-123',
        password_confirmation: 'senha-123',
        adult: true,
        terms: true,
        loss_limit: 100_000_000,
        loss_limit_period: 'month',
        session_limit_minutes: 1440,
      },
    });
    expect(registered.status).toBe(201);

    expect((await h.call('POST', '/auth/verify-email', { token: registered.body.token as string, body: {} })).status).toBe(200);
    const mail = mails.at(-1)!;
    expect(mail.from).toBe('no-reply@ipebet.test');
    expect(mail.to).toEqual(['joao@example.com']);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?Q\?Ip=C3=AA_Bet/i);
    const body = mail.raw.split(/\r?\n\r?\n/).slice(1).join('\n').replace(/=\r?\n/g, '');
    const emailCode = body.match(/\b(\d{6})\b/)?.[1];
    expect(body).toContain('Ele expira em 10 minutos.');
    const ok = await h.call('POST', '/auth/verify-code', { token: registered.body.token as string, body: { channel: 'email', code: emailCode } });
    expect(ok.status).toBe(200);
    expect(await h.rows(outbox)).toBe(0);
  });

  it('answers 502 with the spec wording when the SMS gateway fails', async () => {
    gatewayStatus = 500;
    try {
      const answer = await h.call('POST', '/auth/verify-phone', { body: { phone: '+5511987700002' } });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe('Não foi possível validar o seu telefone');
    } finally {
      gatewayStatus = 200;
    }
  });

  it('the HTTP gateway adapter rejects non-2xx answers', async () => {
    gatewayStatus = 503;
    try {
      await expect(createHttpSmsGateway({ url: gatewayUrl }).sendSms({ to: '+5511987700003', text: 'x', tenantId: 1 })).rejects.toThrow(/503/);
    } finally {
      gatewayStatus = 200;
    }
  });
});

describe('outbox and DEV_OUTBOX', () => {
  it('without DEV_OUTBOX there is no /dev/outbox route', async () => {
    const h = await accountsHarness();
    try {
      await h.call('POST', '/auth/verify-phone', { body: { phone: '+5511987700010' } });
      expect(await h.rows(outbox)).toBe(1);
      expect((await h.call('GET', '/dev/outbox')).status).toBe(404);
    } finally {
      await h.close();
    }
  });

  it('with DEV_OUTBOX=true lists the tenant messages, newest first, filtered by destination', async () => {
    const h = await accountsHarness({ env: { DEV_OUTBOX: 'true' } });
    try {
      await registerPlayer(h, '+5511987700011');
      await h.call('POST', '/auth/verify-phone', { body: { phone: '+5511987700012' } });
      const listed = await h.call('GET', '/dev/outbox?to=%2B5511987700012');
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual([
        { channel: 'sms', to: '+5511987700012', subject: null, text: expect.stringMatching(/^Seu código Ipê Bet: \d{6}\./), created_at: expect.any(String) },
      ]);
      expect(((await h.call('GET', '/dev/outbox')).body.data as unknown[]).length).toBe(2);
      expect(((await h.call('GET', '/dev/outbox', { host: 'sorte.localhost' })).body.data as unknown[]).length).toBe(0);
    } finally {
      await h.close();
    }
  });
});
