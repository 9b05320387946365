import { describe, expect, it } from 'vitest';
import { getI18n, getTranslator } from '../../../src/lib/i18n-client.ts';
import ptBR from '../../../src/i18n/pt-BR.json';
import enUS from '../../../src/i18n/en-US.json';

describe('client i18n', () => {
  it('translates dotted keys in each locale from the shared JSON resources', async () => {
    const tPt = await getTranslator('pt');
    const tEn = await getTranslator('en');
    expect(tPt('errors.notFoundPage')).toBe(ptBR.errors.notFoundPage);
    expect(tEn('errors.notFoundPage')).toBe(enUS.errors.notFoundPage);
    expect(tPt('error_messages.500')).toBe(ptBR.error_messages['500']);
  });

  it('builds one instance per locale', async () => {
    expect(await getI18n('pt')).toBe(await getI18n('pt'));
    expect((await getI18n('en')).language).toBe('en-US');
  });
});
