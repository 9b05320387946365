import { describe, expect, it } from 'vitest';
import { ApiError, extractFieldErrors, httpError, messageForStatus, toApiError, type ErrorTexts } from '../../../../src/lib/api/errors.ts';

const pt: ErrorTexts = { error_messages: { '500': 'Erro no servidor.' }, errors: { generic: 'Ops!', unexpected: 'Ocorreu um erro inesperado.' } };
const en: ErrorTexts = { error_messages: { '500': 'Server error.', '502': 'Connection problem.' }, errors: { generic: 'Oops!', unexpected: 'An unexpected error occurred' } };

describe('error mapping', () => {
  it('normalises strings, arrays and nested objects of an errors object', () => {
    expect(extractFieldErrors({ errors: { a: 'one', b: ['two', ''], c: { d: ['three'] }, e: [] } })).toEqual({
      a: ['one'],
      b: ['two'],
      c: ['three'],
    });
    expect(extractFieldErrors({ errors: {} })).toBeNull();
    expect(extractFieldErrors({ errors: ['not an object'] })).toBeNull();
    expect(extractFieldErrors('text body')).toBeNull();
  });

  it('an empty errors object falls back to the status message', () => {
    expect(httpError(500, { errors: {} }, pt).messages).toEqual(['Erro no servidor.']);
  });

  it("shows a 422's own message when it has no errors object; an errors object still wins; other statuses keep the catalogue", () => {
    const catalogue: ErrorTexts = { ...pt, error_messages: { ...pt.error_messages, '409': 'Já existe.', '422': 'Você já possui uma assinatura ativa.' } };
    expect(httpError(422, { code: 'cashback_not_available', message: 'Este cashback ainda não pode ser resgatado.' }, catalogue).messages).toEqual([
      'Este cashback ainda não pode ser resgatado.',
    ]);
    expect(httpError(422, { message: 'Geral', errors: { coupon: ['Cupom inválido.'] } }, catalogue).messages).toEqual(['Cupom inválido.']);
    expect(httpError(422, { message: '  ' }, catalogue).messages).toEqual(['Você já possui uma assinatura ativa.']);
    expect(httpError(422, null, catalogue).messages).toEqual(['Você já possui uma assinatura ativa.']);
    expect(httpError(409, { message: 'Cupom já usado.' }, catalogue).messages).toEqual(['Já existe.']);
  });

  it('looks a status up in the page language, then en-US, then errors.generic', () => {
    expect(messageForStatus(500, pt, en)).toBe('Erro no servidor.');
    expect(messageForStatus(502, pt, en)).toBe('Connection problem.');
    expect(messageForStatus(599, pt, en)).toBe('Ops!');
  });

  it('wraps anything else as the unexpected error and leaves ApiErrors untouched', () => {
    const wrapped = toApiError(new RangeError('bug'), pt, en);
    expect(wrapped).toBeInstanceOf(ApiError);
    expect(wrapped.kind).toBe('unexpected');
    expect(wrapped.messages).toEqual(['Ocorreu um erro inesperado.']);
    expect(wrapped.cause).toBeInstanceOf(RangeError);
    const original = httpError(404, null, pt, en);
    expect(toApiError(original, pt)).toBe(original);
  });
});
