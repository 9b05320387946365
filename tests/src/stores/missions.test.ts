// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { MissionView } from '../../../src/contract/missions.ts';
import { fakeApi, signedInForEachTest } from './auth-fake-api.ts';

/** The missions store (issue 19): list, widgets kept on the device, accept, claim with the spec's failure texts, live events. */
signedInForEachTest();

function mission(id: number, status: MissionView['status'], extra: Partial<MissionView> = {}): MissionView {
  return {
    id,
    title: { pt: `Missão ${id}`, en: `Mission ${id}` },
    description: { pt: '', en: '' },
    kind: 'rounds',
    target: 10,
    scope: null,
    reward: { kind: 'vip_points', points: 50 },
    starts_at: null,
    ends_at: null,
    status,
    progress: 0,
    percent: 0,
    accepted_at: status === 'available' ? null : '2026-11-26T09:00:00.000Z',
    completed_at: status === 'completed' || status === 'claimed' ? '2026-11-26T09:30:00.000Z' : null,
    claimed_at: status === 'claimed' ? '2026-11-26T09:40:00.000Z' : null,
    ...extra,
  };
}

const stored = () => JSON.parse(localStorage.getItem('mission_widgets') ?? '[]') as unknown[];

describe('missions store', () => {
  it('loads the list and gives each running mission a closed widget under the others, kept on the device', async () => {
    fakeApi({ 'GET /missions': () => ({ json: { data: [mission(1, 'available'), mission(2, 'accepted'), mission(3, 'completed'), mission(4, 'claimed')] } }) });
    const m = await import('../../../src/stores/missions.ts');
    await m.loadMissions();
    expect(m.$widgetMissions.get().map((w) => w.mission.id)).toEqual([2, 3]);
    expect(stored()).toEqual([
      { id: 2, positionY: 74, isOpen: false, isClaimed: false, completed_at: null, claimed_at: null },
      { id: 3, positionY: 169, isOpen: false, isClaimed: false, completed_at: '2026-11-26T09:30:00.000Z', claimed_at: null },
    ]);

    m.toggleMissionWidget(2);
    m.setMissionWidgetPositions(new Map([[3, 300]]));
    // A new page load keeps the places and the open state.
    vi.resetModules();
    fakeApi({ 'GET /missions': () => ({ json: { data: [mission(2, 'accepted'), mission(3, 'completed')] } }) });
    const again = await import('../../../src/stores/missions.ts');
    await again.loadMissions();
    expect(again.$widgetMissions.get().map((w) => [w.widget.id, w.widget.positionY, w.widget.isOpen])).toEqual([
      [2, 74, true],
      [3, 300, false],
    ]);
  });

  it('a visitor loads nothing', async () => {
    localStorage.clear();
    const { calls } = fakeApi({});
    const m = await import('../../../src/stores/missions.ts');
    expect(await m.loadMissions()).toEqual({ status: 'idle' });
    expect(calls).toHaveLength(0);
  });

  it('a live MissionAssigned adds the mission and its widget; MissionProgress moves it; junk is ignored', async () => {
    fakeApi({ 'GET /missions': () => ({ json: { data: [] } }) });
    const m = await import('../../../src/stores/missions.ts');
    await m.loadMissions();
    m.receiveMission({ mission: mission(9, 'accepted') });
    expect(m.$widgetMissions.get().map((w) => w.mission.id)).toEqual([9]);
    m.receiveMission({ mission: mission(9, 'accepted', { progress: 4, percent: 40 }) });
    expect(m.$widgetMissions.get()[0]!.mission.percent).toBe(40);
    m.receiveMission({ mission: mission(9, 'completed', { progress: 10, percent: 100 }) });
    expect(m.$widgetMissions.get()[0]!.widget.completed_at).toBe('2026-11-26T09:30:00.000Z');
    m.receiveMission({ mission: { id: 'x' } });
    m.receiveMission(null);
    expect(m.$widgetMissions.get()).toHaveLength(1);
  });

  it('claims once: a double click sends one request; success marks the widget claimed and applies the wallet', async () => {
    const wallet = { balance: 1000, balance_withdrawal: 0, deposit_count: 0 };
    const { calls } = fakeApi({
      'GET /missions': () => ({ json: { data: [mission(5, 'completed')] } }),
      'POST /missions/5/claim': () => ({ json: { mission: mission(5, 'claimed'), reward: { kind: 'bonus', amount: 1000, rollover_multiplier: 1 }, wallet } }),
    });
    const m = await import('../../../src/stores/missions.ts');
    const w = await import('../../../src/stores/wallet.ts');
    await m.loadMissions();
    const first = m.claimMission(5);
    const second = m.claimMission(5);
    expect(await second).toEqual({ status: 'busy' });
    expect(await first).toEqual({ status: 'idle' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(m.$widgetMissions.get()[0]!.widget).toMatchObject({ isClaimed: true, claimed_at: '2026-11-26T09:40:00.000Z' });
    expect(w.$wallet.get()).toEqual(wallet);
    // Claimed already: no request at all.
    await m.claimMission(5);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // Put away: the widget is gone for good on this device.
    m.hideMissionWidget(5);
    expect(m.$widgetMissions.get()).toEqual([]);
    expect(JSON.parse(localStorage.getItem('mission_widgets_hidden')!)).toEqual([5]);
  });

  it('a refused claim shows the server message; a non-200 without one "Falha…"; no answer "Erro desconhecido…"', async () => {
    let answer: () => { status?: number; json: unknown } = () => ({ status: 409, json: { message: 'A missão ainda não foi concluída.' } });
    fakeApi({
      'GET /missions': () => ({ json: { data: [mission(6, 'completed')] } }),
      'POST /missions/6/claim': () => answer(),
    });
    const m = await import('../../../src/stores/missions.ts');
    await m.loadMissions();
    expect(await m.claimMission(6)).toEqual({ status: 'failed', failure: { reason: 'server', message: 'A missão ainda não foi concluída.' } });
    answer = () => ({ status: 500, json: {} });
    expect(await m.claimMission(6)).toEqual({ status: 'failed', failure: { reason: 'failed' } });
    // A 200 that is not a claim answer.
    answer = () => ({ json: { ok: true } });
    expect(await m.claimMission(6)).toEqual({ status: 'failed', failure: { reason: 'unknown' } });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await m.claimMission(6)).toEqual({ status: 'failed', failure: { reason: 'unknown' } });
    expect(m.$widgetMissions.get()[0]!.widget.isClaimed).toBe(false);
  });

  it('accepting an offered mission gives it a widget; a refusal keeps the platform words', async () => {
    fakeApi({
      'GET /missions': () => ({ json: { data: [mission(7, 'available'), mission(8, 'available')] } }),
      'POST /missions/7/accept': () => ({ json: { mission: mission(7, 'accepted') } }),
      'POST /missions/8/accept': () => ({ status: 409, json: { message: 'Esta missão terminou.' } }),
    });
    const m = await import('../../../src/stores/missions.ts');
    await m.loadMissions();
    expect(await m.acceptMission(7)).toEqual({ status: 'idle' });
    expect(m.$widgetMissions.get().map((w) => w.mission.id)).toEqual([7]);
    expect(await m.acceptMission(8)).toEqual({ status: 'failed', failure: { reason: 'server', message: 'Esta missão terminou.' } });
    expect(m.$widgetMissions.get().map((w) => w.mission.id)).toEqual([7]);
  });

  it('unreadable stored widget state is dropped, not trusted', async () => {
    localStorage.setItem('mission_widgets', JSON.stringify([{ id: 2, positionY: 'x' }, { id: -1, positionY: 90 }, 'junk', { id: 2, positionY: 120, isOpen: true }]));
    fakeApi({ 'GET /missions': () => ({ json: { data: [mission(2, 'accepted')] } }) });
    const m = await import('../../../src/stores/missions.ts');
    await m.loadMissions();
    expect(m.$widgetMissions.get()[0]!.widget).toEqual({ id: 2, positionY: 120, isOpen: true, isClaimed: false, completed_at: null, claimed_at: null });
  });
});
