import { describe, expect, it } from 'vitest';
import { applyMask, caretAfterDigits, digitsBefore, formatCpf, formatPhoneInput } from '../../../../src/lib/forms/mask.ts';

const phoneBR = (text: string) => formatPhoneInput(text, 'BR');

/** Types `text` key by key at the end of the field, as a player would. */
function typeAll(text: string, format: (t: string) => string): string {
  let value = '';
  for (const ch of text) value = applyMask({ value: value + ch, caret: value.length + 1, previous: value, inputType: 'insertText' }, format).value;
  return value;
}

describe('formatCpf', () => {
  it('grows the printed mask as digits arrive', () => {
    expect(formatCpf('390')).toBe('390');
    expect(formatCpf('3905')).toBe('390.5');
    expect(formatCpf('3905334')).toBe('390.533.4');
    expect(formatCpf('3905334470')).toBe('390.533.447-0');
    expect(formatCpf('39053344705')).toBe('390.533.447-05');
  });
  it('accepts the printed form and keeps at most 11 digits', () => {
    expect(formatCpf('390.533.447-05')).toBe('390.533.447-05');
    expect(formatCpf('390533447059')).toBe('390.533.447-05');
    expect(formatCpf('abc')).toBe('');
  });
});

describe('formatPhoneInput', () => {
  it('writes a Brazilian mobile and landline as (11) 98765-4321 / (11) 3333-4444', () => {
    expect(phoneBR('11987654321')).toBe('(11) 98765-4321');
    expect(phoneBR('1133334444')).toBe('(11) 3333-4444');
  });
  it('never ends on a separator while typing', () => {
    expect(phoneBR('11')).toBe('(11');
    expect(phoneBR('119')).toBe('(11) 9');
  });
  it('shows a pasted +55 number in the national form, and other countries internationally', () => {
    expect(phoneBR('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(phoneBR('+5511987654321')).toBe('(11) 98765-4321');
    expect(phoneBR('+55')).toBe('+55');
    expect(phoneBR('+1 202 555 0123')).toBe('+1 202 555 0123');
    expect(formatPhoneInput('2025550123', 'US')).toBe('(202) 555-0123');
  });
  it('leaves text that is not a number as typed (the validator names the problem)', () => {
    expect(phoneBR('joana@ex.com')).toBe('joana@ex.com');
    expect(phoneBR('')).toBe('');
  });
});

describe('caret helpers', () => {
  it('counts digits before a caret and finds the index after the n-th digit', () => {
    expect(digitsBefore('(11) 98765-4321', 6)).toBe(3);
    expect(caretAfterDigits('(11) 98765-4321', 3)).toBe(6);
    expect(caretAfterDigits('(11) 98765-4321', 0)).toBe(0);
    expect(caretAfterDigits('+1 202', 0)).toBe(1);
    expect(caretAfterDigits('390.5', 9)).toBe(5);
  });
});

describe('applyMask', () => {
  it('masks key by key', () => {
    expect(typeAll('11987654321', phoneBR)).toBe('(11) 98765-4321');
    expect(typeAll('39053344705', formatCpf)).toBe('390.533.447-05');
  });

  it('keeps the caret after the digit typed in the middle', () => {
    // "(11) 9765-4321" with the caret after "9": the player types "8".
    expect(applyMask({ value: '(11) 98765-4321', caret: 7, previous: '(11) 9765-4321', inputType: 'insertText' }, phoneBR)).toEqual({
      value: '(11) 98765-4321',
      caret: 7,
    });
    // "(11) 8765-4321": a 9 typed after "(11) " makes it a mobile number; the caret stays after the 9.
    expect(applyMask({ value: '(11) 98765-4321', caret: 6, previous: '(11) 8765-4321', inputType: 'insertText' }, phoneBR)).toEqual({
      value: '(11) 98765-4321',
      caret: 6,
    });
    const cpf = applyMask({ value: '390.5334.47-05', caret: 8, previous: '390.533.47-05', inputType: 'insertText' }, formatCpf);
    expect(cpf).toEqual({ value: '390.533.447-05', caret: 9 });
  });

  it('Backspace just after a separator deletes the digit before it', () => {
    // "390.533.447-05", caret after "-" (index 12); the browser removed "-".
    const out = applyMask({ value: '390.533.44705', caret: 11, previous: '390.533.447-05', inputType: 'deleteContentBackward' }, formatCpf);
    expect(out).toEqual({ value: '390.533.440-5', caret: 10 });
  });

  it('Delete just before a separator deletes the digit after it', () => {
    const out = applyMask({ value: '390533.447-05', caret: 3, previous: '390.533.447-05', inputType: 'deleteContentForward' }, formatCpf);
    expect(out).toEqual({ value: '390.334.470-5', caret: 3 });
  });

  it('Backspace on a digit in the middle keeps the caret in place', () => {
    // "(11) 98765-4321", caret after "7" (index 8): Backspace removes "7".
    const out = applyMask({ value: '(11) 9865-4321', caret: 7, previous: '(11) 98765-4321', inputType: 'deleteContentBackward' }, phoneBR);
    expect(out).toEqual({ value: '(11) 98654-321', caret: 7 });
    const cpf = applyMask({ value: '390.53.447-05', caret: 5, previous: '390.533.447-05', inputType: 'deleteContentBackward' }, formatCpf);
    expect(cpf).toEqual({ value: '390.534.470-5', caret: 5 });
  });

  it('pasting +55 11 98765-4321 or 39053344705 leaves the caret at the end', () => {
    const phone = applyMask({ value: '+55 11 98765-4321', caret: 17, previous: '', inputType: 'insertFromPaste' }, phoneBR);
    expect(phone).toEqual({ value: '(11) 98765-4321', caret: 15 });
    const cpf = applyMask({ value: '39053344705', caret: 11, previous: '', inputType: 'insertFromPaste' }, formatCpf);
    expect(cpf).toEqual({ value: '390.533.447-05', caret: 14 });
  });

  it('leaves a non-numeric text and its caret alone', () => {
    expect(applyMask({ value: 'joana@ex', caret: 3, previous: 'jona@ex', inputType: 'insertText' }, phoneBR)).toEqual({ value: 'joana@ex', caret: 3 });
  });
});
