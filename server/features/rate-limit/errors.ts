import { DomainError } from '../../http/errors.ts';
import { localizedKey } from '../../http/translate.ts';

/** 429 `{ message: 'Muitas tentativas. Aguarde {n} s…', retry_in }`. */
export function tooManyAttempts(retryIn: number, code = 'too_many_attempts'): DomainError {
  return new DomainError(code, 429, undefined, {
    message: localizedKey('auth.tooManyAttempts', { seconds: retryIn }),
    details: { retry_in: retryIn },
  });
}
