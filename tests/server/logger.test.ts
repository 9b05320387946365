import { describe, expect, it } from 'vitest';
import { isSecretKey, maskLogValue, maskText, REDACTED } from '../../server/log-mask.ts';
import { createLogger, withLogFields } from '../../server/logger.ts';
import { capturingLogger } from './helpers/app.ts';

describe('createLogger', () => {
  it('writes one JSON object per line: time, level, msg, then the fields', () => {
    const { log, lines, records } = capturingLogger('debug');
    log.info('deposit credited', { txid: 'abc', amount: 5000n });
    log.debug('plain');
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    const [first, second] = records();
    expect(Object.keys(first!).slice(0, 3)).toEqual(['time', 'level', 'msg']);
    expect(first).toMatchObject({ level: 'info', msg: 'deposit credited', txid: 'abc', amount: 5000 });
    expect(new Date(first!.time as string).toISOString()).toBe(first!.time);
    expect(second).toEqual({ time: expect.any(String), level: 'debug', msg: 'plain' });
  });

  it('puts an Error under err (name, message, stack) and other values under data; fields cannot overwrite time/level/msg', () => {
    const { log, records } = capturingLogger();
    log.error('payout failed', new TypeError('boom'));
    log.warn('odd', ['a', 1]);
    log.info('clash', { msg: 'overwritten?', level: 'error' });
    const [err, data, clash] = records();
    expect(err).toMatchObject({ level: 'error', err: { name: 'TypeError', message: 'boom', stack: expect.stringContaining('TypeError: boom') } });
    expect(data).toMatchObject({ data: ['a', 1] });
    expect(clash).toMatchObject({ level: 'info', msg: 'clash' });
  });

  it('drops entries below LOG_LEVEL; silent drops everything', () => {
    const lines: string[] = [];
    const warn = createLogger('warn', (l) => void lines.push(l));
    warn.info('no');
    warn.warn('yes');
    createLogger('silent', (l) => void lines.push(l)).error('never');
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['yes']);
  });

  it('adds the fields of withLogFields to every record written inside it, across awaits', async () => {
    const { log, records } = capturingLogger();
    await withLogFields({ request_id: 'r-1' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info('inside');
    });
    log.info('outside');
    expect(records().map((r) => r.request_id ?? null)).toEqual(['r-1', null]);
  });
});

describe('log masking', () => {
  it.each(['password', 'password_confirmation', 'new_password', 'token', 'access_token', 'verification_token', 'Authorization', 'cookie', 'Set-Cookie', 'cpf', 'payer_cpf', 'ownerCpf', 'pix_key', 'key', 'chave', 'secret', 'webhookSecret', 'X-Webhook-Signature', 'signature', 'x-operator-key', 'operator_key', 'code_otp'])(
    'hides a field named %s',
    (name) => {
      expect(isSecretKey(name)).toBe(true);
      expect(maskLogValue({ [name]: 'value-1' })).toEqual({ [name]: REDACTED });
    },
  );

  it.each(['ledger_id', 'amount', 'reference', 'user_id', 'tenant_domain', 'status', 'route', 'txid', 'kind'])('keeps a field named %s', (name) => {
    expect(isSecretKey(name)).toBe(false);
  });

  it('masks CPF-like numbers and Bearer credentials inside any text, nested values and error messages', () => {
    expect(maskText('cpf 52998224725 and 529.982.247-25 here')).toBe(`cpf ${REDACTED} and ${REDACTED} here`);
    expect(maskText('Authorization: Bearer 12|abcDEF.ghi-jkl')).toBe(`Authorization: Bearer ${REDACTED}`);
    // Longer digit runs (phones with +55, timestamps) and ids mixing letters are not CPFs.
    expect(maskText('+5511987690001 1700000000000 E12345678901234567890123456789AB')).toBe('+5511987690001 1700000000000 E12345678901234567890123456789AB');
    const masked = maskLogValue({ nested: { list: ['52998224725'], err: new Error('lookup of 52998224725 failed') } });
    expect(JSON.stringify(masked)).not.toContain('52998224725');
  });

  it('survives cycles, deep nesting and bigints', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(maskLogValue(cyclic)).toEqual({ a: 1, self: '[circular]' });
    expect(maskLogValue(2n ** 60n)).toBe('1152921504606846976');
    expect(JSON.stringify(maskLogValue({ a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }))).toContain('[nested]');
  });

  it('applies to every record the logger writes, message included', () => {
    const { log, lines } = capturingLogger();
    log.warn('lookup of 52998224725 with Bearer abc.def failed', { password: 'senha-forte1', headers: { authorization: 'Bearer abc.def' } });
    expect(lines.join('')).not.toMatch(/52998224725|senha-forte1|abc\.def/);
  });
});
