import { hasError, isDynamicPix, isStaticPix, parsePix, type PixObjects } from 'pix-utils';
import { parseEmv } from 'pix-utils/dist/main/emvHandler.js';
import type { ValidTags } from 'pix-utils/dist/main/types/pixEmvSchema.js';
import { computeCRC } from 'pix-utils/dist/main/crc.js';
import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16CcittFalse, foldAscii, parseBrCode } from '../../../../../server/features/payments/pix/brcode.ts';

/**
 * Our BR Codes read by `pix-utils` (an independent npm decoder: its own TLV
 * parser and CRC) and by our parser.
 */
const AMOUNTS: Array<[number, string]> = [
  [1, '0.01'],
  [5000, '50.00'],
  [123456789, '1234567.89'],
];

function independent(code: string) {
  const parsed = parsePix(code);
  expect(hasError(parsed), JSON.stringify(parsed)).toBe(false);
  expect(computeCRC(code.slice(0, -4))).toBe(code.slice(-4));
  const emv = parseEmv({ emvCode: code });
  if (!emv.isValid) throw new Error('pix-utils could not read the TLV');
  return { pix: parsed as PixObjects, emv: emv as ValidTags };
}

describe('BR Code', () => {
  it('computes CRC16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('reads Banco Central’s own example payload and the decoder’s README example', () => {
    // pixCopiaECola from bcb-pix-api-openapi.yaml (a recurrence example with an extra template 80).
    const bcb =
      '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002630462C9';
    expect(() => parseBrCode(bcb)).toThrow(/neither key nor URL/);
    expect(crc16CcittFalse(bcb.slice(0, -4))).toBe('62C9');
    const readme =
      '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***6304059A';
    expect(parseBrCode(readme)).toMatchObject({ kind: 'static', key: 'nubank@thalesog.com', amountCentavos: 100, merchantCity: 'SAO MIGUEL DO O', txid: '***' });
  });

  it.each(AMOUNTS)('static key payload with %i centavos is accepted by pix-utils', (centavos, decimal) => {
    const code = buildBrCode({
      kind: 'static',
      key: 'pagamentos@cassino.example',
      amountCentavos: centavos,
      merchantName: 'João Câmara Apostas Ltda ME Extra',
      merchantCity: 'São Paulo do Potengi',
      txid: 'DEP123abc',
      description: 'Depósito',
    });
    const { pix, emv } = independent(code);
    expect(isStaticPix(pix)).toBe(true);
    expect(pix).toMatchObject({
      type: 'STATIC',
      pixKey: 'pagamentos@cassino.example',
      transactionAmount: Number(decimal),
      merchantName: 'Joao Camara Apostas Ltda',
      merchantCity: 'Sao Paulo do Po',
      merchantCategoryCode: '0000',
      transactionCurrency: '986',
      countryCode: 'BR',
      txid: 'DEP123abc',
      infoAdicional: 'Deposito',
    });
    expect(emv.getTag(54)).toBe(decimal);
    expect(emv.getTag(1)).toBeFalsy();
    expect(parseBrCode(code)).toMatchObject({ kind: 'static', amount: decimal, amountCentavos: centavos, pointOfInitiation: null, txid: 'DEP123abc' });
  });

  it.each(AMOUNTS)('dynamic URL payload with %i centavos is accepted by pix-utils', (centavos, decimal) => {
    const url = 'pix.sandbox.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25';
    const code = buildBrCode({ kind: 'dynamic', url: `https://${url}`, amountCentavos: centavos, merchantName: 'Sorte Açaí Bet', merchantCity: 'Brasília' });
    const { pix, emv } = independent(code);
    expect(isDynamicPix(pix)).toBe(true);
    expect(pix).toMatchObject({ type: 'DYNAMIC', url, merchantName: 'Sorte Acai Bet', merchantCity: 'Brasilia', transactionCurrency: '986', countryCode: 'BR' });
    expect(emv.getTag(1)).toBe('12');
    expect(emv.getTag(54)).toBe(decimal);
    expect(emv.getSubTag(5, 62)).toBe('***');
    expect(parseBrCode(code)).toMatchObject({ kind: 'dynamic', url, pointOfInitiation: '12', amountCentavos: centavos, txid: '***' });
  });

  it('static payload without amount, once-only, with a phone key', () => {
    const code = buildBrCode({ kind: 'static', key: '+5511987654321', merchantName: 'Cassino', merchantCity: 'Rio', once: true });
    const { pix, emv } = independent(code);
    expect(pix).toMatchObject({ type: 'STATIC', pixKey: '+5511987654321', transactionAmount: 0, txid: '***' });
    expect(emv.getTag(1)).toBe('12');
    expect(parseBrCode(code)).toMatchObject({ amount: null, amountCentavos: null });
  });

  it('refuses a tampered payload (CRC) and values that do not fit', () => {
    const code = buildBrCode({ kind: 'static', key: 'a@b.co', amountCentavos: 5000, merchantName: 'X', merchantCity: 'Y' });
    const tampered = code.replace('50.00', '90.00');
    expect(() => parseBrCode(tampered)).toThrow(/CRC mismatch/);
    expect(hasError(parsePix(tampered))).toBe(true);
    const base = { merchantName: 'X', merchantCity: 'Y' };
    expect(() => buildBrCode({ kind: 'static', key: 'k'.repeat(78), ...base })).toThrow(RangeError);
    expect(() => buildBrCode({ kind: 'static', key: 'a@b.co', amountCentavos: 0, ...base })).toThrow(RangeError);
    expect(() => buildBrCode({ kind: 'static', key: 'a@b.co', amountCentavos: 10.5, ...base })).toThrow(RangeError);
    expect(() => buildBrCode({ kind: 'static', key: 'a@b.co', amountCentavos: 1_000_000_000_000, ...base })).toThrow(RangeError);
    expect(() => buildBrCode({ kind: 'static', key: 'a@b.co', txid: 'has-dash', ...base })).toThrow(RangeError);
    expect(() => buildBrCode({ kind: 'dynamic', url: 'http://insecure.example/qr', ...base })).toThrow(RangeError);
    expect(() => buildBrCode({ kind: 'static', key: 'a@b.co', merchantName: '   ', merchantCity: 'Y' })).toThrow(RangeError);
  });

  it('folds names to ASCII within the field limit', () => {
    expect(foldAscii('  Ação  Ñandú  Über ', 25)).toBe('Acao Nandu Uber');
    expect(foldAscii('€uro 中文 Bet', 25)).toBe('uro Bet');
    expect(foldAscii('São Paulo do Potengi', 15)).toBe('Sao Paulo do Po');
  });
});
