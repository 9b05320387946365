// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { element, fill } from '../../../src/lib/dom-builder.ts';

describe('dom-builder', () => {
  it('fills known placeholders and leaves unknown ones as written', () => {
    expect(fill('Usar {{code}} até {{date}} ({{missing}})', { code: 'BEMVINDO', date: '01/03' })).toBe('Usar BEMVINDO até 01/03 ({{missing}})');
    expect(fill('{{n}} rodadas', { n: 0 })).toBe('0 rodadas');
  });

  it('makes an element with its class and text, or none', () => {
    const p = element('p', 'form-message', 'Falhou');
    expect(p.tagName).toBe('P');
    expect(p.className).toBe('form-message');
    expect(p.textContent).toBe('Falhou');
    const li = element('li', null);
    expect(li.hasAttribute('class')).toBe(false);
    expect(li.textContent).toBe('');
  });
});
