import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BoxInputSchema, type OperatorBoxView } from '../../../src/contract/boxes.ts';
import type { OperatorMissionView } from '../../../src/contract/missions.ts';
import { BackofficeError } from '../../../src/backoffice/api.ts';
import { $locale, t } from '../../../src/backoffice/i18n.ts';
import { type BoxDraft, boxBody, draftOfBox, inputOfBox, movePrize, newPrize, slugOf } from '../../../src/backoffice/stores/box-draft.ts';
import { checkBox, deleteBox, missionsGivingBox, missionsWarning, oddsOf, saveBox } from '../../../src/backoffice/stores/box-editor.ts';
import { $boxes } from '../../../src/backoffice/stores/engagement.ts';
import { expectedValue, percentToPpm, ppmToPercent, totalPpm } from '../../../src/backoffice/stores/box-odds.ts';
import { $fieldErrors, $outcome } from '../../../src/backoffice/stores/resource.ts';
import { expectedValue as platformExpectedValue } from '../../../server/features/boxes/present.ts';

const calls = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../src/backoffice/api.ts', async (original) => ({ ...(await original<Record<string, unknown>>()), call: calls.call }));

const prize = (namePt: string, value: string, percent: string, extra: Partial<BoxDraft['prizes'][number]> = {}) => ({ ...newPrize(), namePt, nameEn: `${namePt} (en)`, value, percent, ...extra });

/** A new box: a R$ 10,00 chip at 50 % and 10 VIP points at 40 % (90 % in all). */
function draft(): BoxDraft {
  return {
    ...draftOfBox(null),
    slug: 'caixa-teste',
    namePt: ' Caixa Teste ',
    nameEn: 'Test Box',
    price: '12,34',
    prizes: [prize('Ficha de R$ 10', '10,00', '50', { sellValue: '8,00' }), prize('10 pontos', '', '40', { kind: 'vip_points', points: '10' })],
  };
}

const stored: OperatorBoxView = {
  id: 3,
  slug: 'ouro',
  name: { pt: 'Caixa Ouro', en: 'Gold Box' },
  description: { pt: 'A mais rara.', en: 'The rarest.' },
  image: '/boxes/ouro.svg',
  color: 'yellow',
  price: 10_000,
  purchasable: true,
  expected_value: 8_000,
  prize_count: 2,
  buyable: true,
  active: true,
  position: 2,
  prizes: [
    { id: 11, box_id: 3, name: { pt: '100 pontos VIP', en: '100 VIP points' }, image: null, kind: 'vip_points', value: 0, sell_value: 0, points: 100, probability_ppm: 666_667 },
    { id: 12, box_id: 3, name: { pt: 'Ficha de R$ 240', en: 'R$ 240 chip' }, image: '/boxes/chip.svg', kind: 'item', value: 24_000, sell_value: 19_200, points: 0, probability_ppm: 333_333 },
  ],
};

/** Answers the box calls as the platform would: the saved box, and the list reloaded after it. */
function platformAnswers(saved: Partial<OperatorBoxView> = {}) {
  calls.call.mockImplementation(async (path: string) => (path === '/operator/boxes' ? { data: [] } : { box: { ...stored, ...saved } }));
}

beforeEach(() => {
  calls.call.mockReset();
  $locale.set('pt-BR');
  $outcome.set(null);
  $fieldErrors.set({});
});

describe('probabilities as percentages', () => {
  it('turns a percentage with up to four decimals into exact ppm, and back', () => {
    expect(percentToPpm('12,5')).toBe(125_000);
    expect(percentToPpm('12.5')).toBe(125_000);
    expect(percentToPpm(' 57,0001 % ')).toBe(570_001);
    expect(percentToPpm('0,0001')).toBe(1);
    expect(percentToPpm('33,3333')).toBe(333_333);
    // 0.29 × 10 000 is 2 899.9999… as a float; the string arithmetic gives the ppm typed.
    expect(percentToPpm('0,29')).toBe(2_900);
    expect(percentToPpm('100')).toBe(1_000_000);
    for (const wrong of ['', 'abc', '-1', '1,23456', '100,0001', '101', '1.000,5', '12,']) expect(percentToPpm(wrong), wrong).toBeNull();
    expect(ppmToPercent(125_000)).toBe('12,5');
    expect(ppmToPercent(125_000, '.')).toBe('12.5');
    expect(ppmToPercent(1)).toBe('0,0001');
    expect(ppmToPercent(333_333)).toBe('33,3333');
    expect(ppmToPercent(1_000_000)).toBe('100');
    expect(ppmToPercent(0)).toBe('0');
    for (let ppm = 0; ppm <= 1_000_000; ppm += 997) expect(percentToPpm(ppmToPercent(ppm))).toBe(ppm);
  });

  it('sums the chances and computes the expected value as the platform does, rounded down', () => {
    expect(totalPpm([500_000, 400_000, null])).toBe(900_000);
    const prizes = [
      { value: 1_000, ppm: 500_000 },
      { value: 1, ppm: 333_333 },
      { value: 99_999, ppm: 166_667 },
    ];
    expect(expectedValue(prizes)).toBe(platformExpectedValue(prizes.map((p) => ({ value: p.value, probabilityPpm: p.ppm }))));
    expect(expectedValue(prizes)).toBe(Math.floor((1_000 * 500_000 + 333_333 + 99_999 * 166_667) / 1_000_000));
    expect(oddsOf(draft())).toEqual({ total: 900_000, complete: false, expected: 500 });
  });
});

describe('the box editor', () => {
  it('refuses a total other than 100 % before sending anything, saying by how much it misses', async () => {
    const short = checkBox(draft(), []);
    expect(short.ok).toBe(false);
    if (short.ok) return;
    expect(short.errors.prizes).toEqual([t('boxes.errors.totalShort', { total: '90%', gap: '10%' })]);
    expect(short.message).toContain('90%');
    const over = { ...draft(), prizes: [...draft().prizes, prize('Extra', '1,00', '10,0001')] };
    expect(checkBox(over, []).ok).toBe(false);

    expect(await saveBox(draft(), null, [])).toBeNull();
    expect(calls.call).not.toHaveBeenCalled();
    expect($outcome.get()).toEqual({ ok: false, text: short.message });
    expect($fieldErrors.get().prizes).toHaveLength(1);
  });

  it('names every field the contract refuses, in the paths a 422 uses', () => {
    const d = draft();
    d.price = 'dez reais';
    d.slug = '123';
    d.prizes[0]!.percent = '60,00001';
    d.prizes[1]!.points = '';
    d.prizes[1]!.nameEn = ' ';
    const checked = checkBox(d, []);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['price', 'prizes', 'prizes.0.probability_ppm', 'prizes.1.name.en', 'prizes.1.points', 'slug']);
    expect(checked.errors.price).toEqual([t('boxes.errors.price')]);
    expect(checkBox({ ...draft(), prizes: [prize('Só um', '1,00', '100')] }, ['caixa-teste'])).toMatchObject({ ok: false, errors: { slug: [t('boxes.errors.taken')] } });
  });

  it('creates a new box whole, in centavos and ppm, with the fields a prize kind does not use as the contract wants them', async () => {
    platformAnswers({ slug: 'caixa-teste' });
    const d = draft();
    d.prizes[1]!.percent = '50';
    const saved = await saveBox(d, null, ['ouro']);
    expect(saved?.slug).toBe('caixa-teste');
    const [path, options] = calls.call.mock.calls[0]!;
    expect(path).toBe('/operator/boxes/caixa-teste');
    expect(options.method).toBe('PUT');
    expect(options.body).toEqual({
      name: { pt: 'Caixa Teste', en: 'Test Box' },
      description: { pt: '', en: '' },
      image: null,
      color: 'blue',
      price: 1_234,
      buyable: true,
      active: true,
      position: 0,
      prizes: [
        { name: { pt: 'Ficha de R$ 10', en: 'Ficha de R$ 10 (en)' }, image: null, kind: 'item', value: 1_000, sell_value: 800, points: 0, probability_ppm: 500_000 },
        { name: { pt: '10 pontos', en: '10 pontos (en)' }, image: null, kind: 'vip_points', value: 0, sell_value: 0, points: 10, probability_ppm: 500_000 },
      ],
    });
    expect(v.is(BoxInputSchema, options.body)).toBe(true);
    expect(calls.call).toHaveBeenLastCalledWith('/operator/boxes');
    expect($outcome.get()).toEqual({ ok: true, text: t('boxes.saved', { name: 'Caixa Teste' }) });
  });

  it('reads a stored box back exactly, and sends only what changed (all prizes when one did)', async () => {
    const d = draftOfBox(stored);
    expect(d.price).toBe('100,00');
    expect(d.prizes.map((p) => p.percent)).toEqual(['66,6667', '33,3333']);
    expect(boxBody(d)).toEqual(inputOfBox(stored));

    expect(await saveBox(d, stored)).toBe(stored);
    expect(calls.call).not.toHaveBeenCalled();
    expect($outcome.get()).toEqual({ ok: true, text: t('boxes.unchanged') });

    platformAnswers({ price: 12_050 });
    d.price = '120,50';
    d.prizes[0]!.percent = '66,6666';
    d.prizes[1]!.percent = '33,3334';
    await saveBox(d, stored);
    const [path, options] = calls.call.mock.calls[0]!;
    expect(path).toBe('/operator/boxes/ouro');
    expect(options.method).toBe('PATCH');
    expect(Object.keys(options.body).sort()).toEqual(['price', 'prizes']);
    expect(options.body.price).toBe(12_050);
    expect(options.body.prizes.map((p: { probability_ppm: number }) => p.probability_ppm)).toEqual([666_666, 333_334]);
  });

  it('shows the fields of a 422 and keeps the draft; tells a regulated site the box is never sold', async () => {
    calls.call.mockRejectedValueOnce(new BackofficeError(422, 'Confira os campos.', { 'prizes.0.name.pt': ['Nome longo demais.'] }));
    const d = { ...draft(), prizes: [prize('Único', '1,00', '100')] };
    expect(await saveBox(d, null, [])).toBeNull();
    expect($outcome.get()).toEqual({ ok: false, text: 'Confira os campos.' });
    expect($fieldErrors.get()).toEqual({ 'prizes.0.name.pt': ['Nome longo demais.'] });

    platformAnswers({ slug: 'caixa-teste', purchasable: false });
    await saveBox(d, null, []);
    expect($outcome.get()?.text).toContain(t('boxes.regulated'));
  });

  it('names a picture the contract refuses where its image field shows it', () => {
    const d = draft();
    d.image = 'ouro.svg';
    d.prizes[1]!.image = '//elsewhere.example/chip.png';
    const checked = checkBox(d, []);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.image).toEqual([t('boxes.errors.image')]);
    expect(checked.errors['prizes.1.image']).toEqual([t('boxes.errors.image')]);
    expect(boxBody({ ...d, image: ' /uploads/0123456789abcdef01234567.png ' }).image).toBe('/uploads/0123456789abcdef01234567.png');
  });

  it('moves prizes within the list and suggests a slug from the name', () => {
    const list = [prize('a', '1', '10'), prize('b', '1', '10'), prize('c', '1', '80')];
    expect(movePrize(list, 2, -1).map((p) => p.namePt)).toEqual(['a', 'c', 'b']);
    expect(movePrize(list, 0, -1).map((p) => p.namePt)).toEqual(['a', 'b', 'c']);
    expect(new Set(list.map((p) => p.key)).size).toBe(3);
    expect(slugOf('Caixa Relâmpago de Natal!')).toBe('caixa-relampago-de-natal');
    expect(slugOf('2026')).toBe('caixa-2026');
  });
});

describe('deleting a box', () => {
  const mission = (id: number, reward: OperatorMissionView['reward']) => ({ id, title: { pt: `Missão ${id}`, en: `Mission ${id}` }, reward }) as OperatorMissionView;

  it('deletes it by its slug, says so and reloads the list', async () => {
    calls.call.mockImplementation(async (path: string) => (path === '/operator/boxes' ? { data: [] } : { result: 'deleted' }));
    $boxes.set({ loading: false, data: [stored], error: null });
    expect(await deleteBox(stored)).toEqual({ ok: true, result: 'deleted' });
    expect(calls.call).toHaveBeenNthCalledWith(1, '/operator/boxes/ouro', { method: 'DELETE' });
    expect(calls.call).toHaveBeenLastCalledWith('/operator/boxes');
    expect($boxes.get().data).toEqual([]);
    expect($outcome.get()).toEqual({ ok: true, text: t('boxes.deleted', { name: 'Caixa Ouro' }) });
  });

  it('says when the platform kept a box players hold, switched off, in the staff member’s language', async () => {
    $locale.set('en-US');
    calls.call.mockImplementation(async (path: string) => (path === '/operator/boxes' ? { data: [{ ...stored, active: false }] } : { result: 'archived' }));
    expect(await deleteBox(stored)).toEqual({ ok: true, result: 'archived' });
    expect($outcome.get()).toEqual({ ok: true, text: t('boxes.archived', { name: 'Gold Box' }) });
    expect(calls.call).toHaveBeenLastCalledWith('/operator/boxes');
  });

  it('shows a refusal in the platform’s words; a box already gone leaves the list all the same', async () => {
    calls.call.mockRejectedValueOnce(new BackofficeError(403, 'Seu perfil não permite esta ação.'));
    expect(await deleteBox(stored)).toEqual({ ok: false, message: 'Seu perfil não permite esta ação.' });
    expect($outcome.get()).toEqual({ ok: false, text: 'Seu perfil não permite esta ação.' });
    // Refused: the list is not reloaded.
    expect(calls.call).toHaveBeenCalledTimes(1);

    calls.call.mockReset();
    calls.call.mockRejectedValueOnce(new BackofficeError(404, 'Caixa não encontrada.')).mockResolvedValueOnce({ data: [] });
    expect(await deleteBox(stored)).toEqual({ ok: false, message: 'Caixa não encontrada.' });
    expect(calls.call).toHaveBeenLastCalledWith('/operator/boxes');
    expect($outcome.get()).toEqual({ ok: false, text: 'Caixa não encontrada.' });
  });

  it('names the missions that give the box, and holds nothing up when they cannot be read', async () => {
    calls.call.mockResolvedValueOnce({
      missions: [
        mission(7, { kind: 'box', box_id: 3, box_name: stored.name }),
        mission(8, { kind: 'box', box_id: 4, box_name: stored.name }),
        mission(9, { kind: 'vip_points', points: 5 }),
        mission(10, { kind: 'box', box_id: 3, box_name: stored.name }),
      ],
    });
    const giving = await missionsGivingBox(stored);
    expect(calls.call).toHaveBeenCalledWith('/operator/missions');
    expect(giving.map((m) => m.id)).toEqual([7, 10]);
    const named = (id: number) => t('boxes.deleteMission', { id, title: `Missão ${id}` });
    expect(missionsWarning(giving)).toBe(t('boxes.deleteMissions_other', { list: `${named(7)}, ${named(10)}` }));
    expect(missionsWarning(giving.slice(0, 1))).toBe(t('boxes.deleteMissions_one', { list: named(7) }));
    expect(missionsWarning([])).toBeNull();

    calls.call.mockRejectedValueOnce(new BackofficeError(0, 'Sem conexão com a plataforma. Tente novamente.'));
    expect(await missionsGivingBox(stored)).toEqual([]);
  });
});
