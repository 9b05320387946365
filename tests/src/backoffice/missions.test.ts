import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorBoxView } from '../../../src/contract/boxes.ts';
import { MissionInputSchema, MissionPatchSchema, type OperatorMissionView } from '../../../src/contract/missions.ts';
import { $locale, t } from '../../../src/backoffice/i18n.ts';
import { boxOptions, draftOfMission, EMPTY_MISSION, missionBody, missionPatch, saveMission, withRewardKind } from '../../../src/backoffice/stores/mission-form.ts';
import { $outcome } from '../../../src/backoffice/stores/resource.ts';

const calls = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../src/backoffice/api.ts', async (original) => ({ ...(await original<Record<string, unknown>>()), call: calls.call }));

beforeEach(() => {
  calls.call.mockReset();
  calls.call.mockImplementation(async (path: string) => (path === '/operator/missions' ? { missions: [] } : { mission: {} }));
  $locale.set('pt-BR');
  $outcome.set(null);
});

describe('the new mission form', () => {
  it('writes wager and deposit targets in centavos, a multiplier ×100 and counts as they are, in a body the platform accepts', () => {
    const base = { ...EMPTY_MISSION, titlePt: 'Aposte', titleEn: 'Bet', reward: '50' };
    expect(missionBody({ ...base, kind: 'wager', target: '1.000,50' }).target).toBe(100_050);
    expect(missionBody({ ...base, kind: 'multiplier', target: '2,5' }).target).toBe(250);
    expect(missionBody({ ...base, kind: 'rounds', target: '30' }).target).toBe(30);
    const body = missionBody({ ...base, kind: 'deposit', target: '100' });
    expect(v.safeParse(MissionInputSchema, body).success).toBe(true);
    expect(missionBody({ ...base, rewardKind: 'box', reward: '7' }).reward).toEqual({ kind: 'box', box_id: 7 });
  });

  it('reads money without floats, and leaves what it cannot read for the platform to name', () => {
    const base = { ...EMPTY_MISSION, titlePt: 'Aposte', titleEn: 'Bet', reward: '50' };
    expect(missionBody({ ...base, kind: 'wager', target: '0,29' }).target).toBe(29);
    expect(missionBody({ ...base, kind: 'wager', target: 'cem' }).target).toBeNull();
    expect(missionBody({ ...base, kind: 'rounds', target: '2,5' }).target).toBeNull();
  });

  it('sends a scope only for the kinds that have one, and the window as whole São Paulo days', () => {
    const base = { ...EMPTY_MISSION, titlePt: 'Aposte', titleEn: 'Bet', target: '10', reward: '50', game: ' Dice ', startsOn: '2026-12-01', endsOn: '2026-12-31' };
    const body = missionBody({ ...base, kind: 'rounds' });
    expect(body.scope).toEqual({ game: 'dice' });
    expect(body.starts_at).toBe('2026-12-01T03:00:00.000Z');
    expect(body.ends_at).toBe('2027-01-01T02:59:59.000Z');
    expect(missionBody({ ...base, kind: 'chat' }).scope).toBeNull();
  });
});

const stored: OperatorMissionView = {
  id: 7,
  title: { pt: 'Multiplique', en: 'Multiply' },
  description: { pt: '', en: '' },
  kind: 'multiplier',
  target: 250,
  scope: { provider: 'house' },
  reward: { kind: 'vip_points', points: 40 },
  starts_at: '2026-12-01T10:30:00.000Z',
  ends_at: null,
  offered: true,
  active: true,
  accepted: 3,
  completed: 1,
  claimed: 0,
  created_at: '2026-12-01T10:30:00.000Z',
  updated_at: '2026-12-01T10:30:00.000Z',
};

describe('editing a mission', () => {
  it('fills the form from the stored mission and changes nothing when nothing was edited', () => {
    const d = draftOfMission(stored);
    expect(d).toMatchObject({ titlePt: 'Multiplique', kind: 'multiplier', target: '2,5', rewardKind: 'vip_points', reward: '40', provider: 'house', startsOn: '2026-12-01', endsOn: '' });
    expect(missionPatch(stored, d)).toEqual({});
    expect(draftOfMission({ ...stored, kind: 'wager', target: 123_456 }).target).toBe('1.234,56');
  });

  it('sends only what changed, in the contract’s units; a day left as it was keeps its time', () => {
    const d = draftOfMission(stored);
    const patch = missionPatch(stored, { ...d, target: '3', titleEn: 'Multiply!', endsOn: '2026-12-24' });
    expect(patch).toEqual({ target: 300, title: { pt: 'Multiplique', en: 'Multiply!' }, ends_at: '2026-12-25T02:59:59.000Z' });
    expect(v.safeParse(MissionPatchSchema, patch).success).toBe(true);
    // A new kind sends its target in the new unit and drops a scope that kind cannot have.
    expect(missionPatch(stored, { ...d, kind: 'chat', target: '5' })).toEqual({ kind: 'chat', target: 5, scope: null });
    expect(missionPatch(stored, { ...d, rewardKind: 'box', reward: '2' })).toEqual({ reward: { kind: 'box', box_id: 2 } });
  });

  it('keeps a bonus reward the form cannot write', () => {
    const bonus: OperatorMissionView = { ...stored, reward: { kind: 'bonus', amount: 1_000, rollover_multiplier: 5 } };
    const d = draftOfMission(bonus);
    expect(d.rewardKind).toBe('bonus');
    expect(missionPatch(bonus, { ...d, active: false })).toEqual({ active: false });
  });

  it('patches the mission and reloads the list; sends nothing when nothing changed', async () => {
    const d = draftOfMission(stored);
    expect(await saveMission(stored, { ...d, target: '4,25' })).toBe(true);
    expect(calls.call).toHaveBeenNthCalledWith(1, '/operator/missions/7', { method: 'PATCH', body: { target: 425 } });
    expect(calls.call).toHaveBeenLastCalledWith('/operator/missions');
    expect($outcome.get()).toEqual({ ok: true, text: t('missions.saved', { title: 'Multiplique' }) });
    calls.call.mockClear();
    expect(await saveMission(stored, d)).toBe(true);
    expect(calls.call).not.toHaveBeenCalled();
    expect($outcome.get()).toEqual({ ok: true, text: t('missions.unchanged') });
  });
});

describe('a box reward, chosen from the tenant’s boxes', () => {
  const box = (id: number, pt: string, en: string, active = true) => ({ id, slug: `caixa-${id}`, name: { pt, en }, active }) as OperatorBoxView;
  const boxes = [box(4, 'Caixa Ouro', 'Gold Box'), box(2, 'Caixa Prata', 'Silver Box'), box(9, 'Caixa Velha', 'Old Box', false)];

  it('lists the switched-on boxes by name in the staff member’s language, in the list’s order, valued by id', () => {
    expect(boxOptions(boxes, null)).toEqual([
      { value: '4', label: t('missions.boxOption', { name: 'Caixa Ouro', id: 4 }) },
      { value: '2', label: t('missions.boxOption', { name: 'Caixa Prata', id: 2 }) },
    ]);
    $locale.set('en-US');
    expect(boxOptions(boxes, null).map((o) => o.label)).toEqual([t('missions.boxOption', { name: 'Gold Box', id: 4 }), t('missions.boxOption', { name: 'Silver Box', id: 2 })]);
    // Not loaded yet, or no box to give: nothing to choose.
    expect(boxOptions(null, null)).toEqual([]);
    expect(boxOptions([box(9, 'Caixa Velha', 'Old Box', false)], null)).toEqual([]);
  });

  it('keeps the box a stored mission gives, marked, when it is switched off or gone', () => {
    const giving = (id: number): OperatorMissionView => ({ ...stored, reward: { kind: 'box', box_id: id, box_name: { pt: `Caixa ${id}`, en: `Box ${id}` } } });
    expect(boxOptions(boxes, giving(9)).at(-1)).toEqual({ value: '9', label: t('missions.boxOff', { name: 'Caixa Velha', id: 9 }), unavailable: true });
    expect(boxOptions(boxes, giving(12)).at(-1)).toEqual({ value: '12', label: t('missions.boxGone', { name: 'Caixa 12', id: 12 }), unavailable: true });
    expect(boxOptions(boxes, giving(4))).toHaveLength(2);
    // Chosen from the list, the value is sent as before: the box's id.
    const d = draftOfMission(giving(9));
    expect(d).toMatchObject({ rewardKind: 'box', reward: '9' });
    expect(missionPatch(giving(9), d)).toEqual({});
    expect(missionPatch(giving(9), { ...d, reward: boxOptions(boxes, giving(9))[1]!.value })).toEqual({ reward: { kind: 'box', box_id: 2 } });
  });

  it('starts the other kind of reward empty (points are no box id), or as stored', () => {
    const d = { ...EMPTY_MISSION, reward: '20' };
    expect(withRewardKind(d, 'box', null)).toMatchObject({ rewardKind: 'box', reward: '' });
    expect(missionBody(withRewardKind(d, 'box', null)).reward).toEqual({ kind: 'box', box_id: null });
    expect(withRewardKind(d, 'vip_points', null)).toBe(d);
    const edited = draftOfMission(stored);
    expect(withRewardKind(withRewardKind(edited, 'box', stored), 'vip_points', stored)).toMatchObject({ rewardKind: 'vip_points', reward: '40' });
  });
});
