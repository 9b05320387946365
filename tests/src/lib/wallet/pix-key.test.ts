import { describe, expect, it } from 'vitest';
import { checkPixKey, displayPixKey } from '../../../../src/lib/wallet/pix-key.ts';
import { isCancellable, withdrawalStatusKey, withdrawalTone } from '../../../../src/lib/wallet/withdrawal-status.ts';

describe('checkPixKey', () => {
  it('CPF: 11 digits or the printed mask, both check digits right; stored as digits', () => {
    expect(checkPixKey('cpf', '529.982.247-25')).toEqual({ ok: true, key: '52998224725' });
    expect(checkPixKey('cpf', '52998224725')).toEqual({ ok: true, key: '52998224725' });
    for (const bad of ['529.982.247-24', '11111111111', '5299822472', '529 982 247 25', 'abc']) {
      expect(checkPixKey('cpf', bad)).toEqual({ ok: false, message: { key: 'wallet.pixKey.invalid.cpf' } });
    }
  });

  it('phone: a Brazilian number, with or without +55, stored in E.164', () => {
    expect(checkPixKey('phone', '(11) 98765-4321')).toEqual({ ok: true, key: '+5511987654321' });
    expect(checkPixKey('phone', '+55 11 98765-4321')).toEqual({ ok: true, key: '+5511987654321' });
    for (const bad of ['+1 202 555 0142', '12345', '(11) 1234', 'phone']) {
      expect(checkPixKey('phone', bad)).toEqual({ ok: false, message: { key: 'wallet.pixKey.invalid.phone' } });
    }
  });

  it('e-mail: a valid address, stored in lower case; up to 77 characters', () => {
    expect(checkPixKey('email', 'Maria.Silva@Exemplo.com.br')).toEqual({ ok: true, key: 'maria.silva@exemplo.com.br' });
    expect(checkPixKey('email', `${'a'.repeat(60)}@exemplo.com.br`)).toMatchObject({ ok: true });
    for (const bad of ['maria@', 'maria.exemplo.com', `${'a'.repeat(70)}@exemplo.com.br`]) {
      expect(checkPixKey('email', bad)).toEqual({ ok: false, message: { key: 'wallet.pixKey.invalid.email' } });
    }
  });

  it('random key: a UUID, stored in lower case', () => {
    expect(checkPixKey('random', '123E4567-E89B-12D3-A456-426614174000')).toEqual({ ok: true, key: '123e4567-e89b-12d3-a456-426614174000' });
    for (const bad of ['123e4567e89b12d3a456426614174000', '123e4567-e89b-12d3-a456-42661417400g', '52998224725']) {
      expect(checkPixKey('random', bad)).toEqual({ ok: false, message: { key: 'wallet.pixKey.invalid.random' } });
    }
  });

  it('a key valid for one type is refused under another', () => {
    expect(checkPixKey('phone', '529.982.247-25')).toMatchObject({ ok: false });
    expect(checkPixKey('cpf', 'maria@exemplo.com')).toMatchObject({ ok: false });
  });

  it('an empty key is required, for every type', () => {
    for (const type of ['cpf', 'phone', 'email', 'random'] as const) {
      expect(checkPixKey(type, '  ')).toEqual({ ok: false, message: { key: 'validation.required' } });
    }
  });
});

describe('displayPixKey', () => {
  it('prints a CPF with its mask and a phone internationally', () => {
    expect(displayPixKey('cpf', '52998224725')).toBe('529.982.247-25');
    expect(displayPixKey('phone', '+5511987654321')).toBe('+55 11 98765 4321');
    expect(displayPixKey('email', 'maria@exemplo.com')).toBe('maria@exemplo.com');
  });
});

describe('withdrawal statuses', () => {
  it('every code of the spec has its words; only pending and under review can be cancelled', () => {
    expect([0, 1, 2, 3, 4, 5].map(withdrawalStatusKey)).toEqual([0, 1, 2, 3, 4, 5].map((s) => `wallet.withdrawals.status.${s}`));
    expect([0, 1, 2, 3, 4, 5].filter(isCancellable)).toEqual([0, 5]);
    expect(withdrawalStatusKey(99)).toBe('wallet.withdrawals.status.4');
    expect(withdrawalTone(1)).toBe('ok');
    expect(withdrawalTone(3)).toBe('off');
    expect(withdrawalTone(5)).toBe('pending');
  });
});
