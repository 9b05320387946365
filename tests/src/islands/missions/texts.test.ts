import { describe, expect, it } from 'vitest';
import type { MissionView } from '../../../../src/contract/missions.ts';
import { failureText, progressText, rewardText } from '../../../../src/islands/missions/texts.ts';
import { getTranslator } from '../../../../src/lib/i18n-client.ts';

/** What the widgets and the /bonus list say about a mission, in both languages; the claim failures are the spec's texts. */
const base: MissionView = {
  id: 1,
  title: { pt: 'Missão', en: 'Mission' },
  description: { pt: '', en: '' },
  kind: 'wager',
  target: 10_000,
  scope: null,
  reward: { kind: 'vip_points', points: 1 },
  starts_at: null,
  ends_at: null,
  status: 'accepted',
  progress: 2_550,
  percent: 25,
  accepted_at: null,
  completed_at: null,
  claimed_at: null,
};

describe('mission texts', () => {
  it('progress by kind', async () => {
    const pt = await getTranslator('pt');
    const en = await getTranslator('en');
    expect(progressText(pt, base, 'pt').replace(/\s/g, ' ')).toBe('R$ 25,50 de R$ 100,00 apostados');
    expect(progressText(en, base, 'en')).toBe('R$25.50 of R$100.00 wagered');
    expect(progressText(pt, { ...base, kind: 'rounds', target: 1_000, progress: 3 }, 'pt')).toBe('3 de 1.000 rodadas');
    expect(progressText(en, { ...base, kind: 'multiplier', target: 250, progress: 180 }, 'en')).toBe('Best multiplier: 1.8× of 2.5×');
    expect(progressText(pt, { ...base, kind: 'multiplier', target: 250, progress: 180 }, 'pt')).toBe('Melhor multiplicador: 1,8× de 2,5×');
    expect(progressText(en, { ...base, kind: 'chat', target: 5, progress: 2 }, 'en')).toBe('2 of 5 chat messages');
  });

  it('rewards', async () => {
    const pt = await getTranslator('pt');
    const en = await getTranslator('en');
    expect(rewardText(pt, { kind: 'vip_points', points: 1 }, 'pt')).toBe('1 ponto VIP');
    expect(rewardText(pt, { kind: 'vip_points', points: 1500 }, 'pt')).toBe('1.500 pontos VIP');
    expect(rewardText(en, { kind: 'vip_points', points: 50 }, 'en')).toBe('50 VIP points');
    expect(rewardText(en, { kind: 'bonus', amount: 1_000, rollover_multiplier: 5 }, 'en')).toBe('R$10.00 bonus (5× rollover)');
    expect(rewardText(en, { kind: 'bonus', amount: 1_000, rollover_multiplier: 0 }, 'en')).toBe('R$10.00 bonus');
    expect(rewardText(pt, { kind: 'box', box_id: 3, box_name: { pt: 'Dourada', en: 'Golden' } }, 'pt')).toBe('Caixa Dourada');
    // A name that already says it is a box is not prefixed again ("Caixa Caixa Bronze" on /bonus).
    expect(rewardText(pt, { kind: 'box', box_id: 4, box_name: { pt: 'Caixa Bronze', en: 'Bronze Box' } }, 'pt')).toBe('Caixa Bronze');
  });

  it('claim failures: the server message, else the spec texts', async () => {
    const pt = await getTranslator('pt');
    const en = await getTranslator('en');
    expect(failureText(pt, { reason: 'server', message: 'A missão expirou.' }, 'claim')).toBe('A missão expirou.');
    expect(failureText(pt, { reason: 'failed' }, 'claim')).toBe('Falha ao reivindicar a recompensa.');
    expect(failureText(pt, { reason: 'unknown' }, 'claim')).toBe('Erro desconhecido ao reivindicar a recompensa.');
    expect(failureText(en, { reason: 'failed' }, 'claim')).toBe('Failed to claim the reward.');
    expect(failureText(en, { reason: 'unknown' }, 'claim')).toBe('Unknown error while claiming the reward.');
    expect(failureText(en, { reason: 'failed' }, 'accept')).toBe('The mission could not be accepted.');
  });
});
