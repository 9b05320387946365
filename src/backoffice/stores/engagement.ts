import type { OperatorBoxView } from '../../contract/boxes.ts';
import type { OperatorMissionView } from '../../contract/missions.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

export const $missions = resource<OperatorMissionView[]>();
export const $boxes = resource<OperatorBoxView[]>();
const loadMissionList = loader($missions);
const loadBoxList = loader($boxes);

export function loadMissions(): Promise<void> {
  return loadMissionList(async () => (await call<{ missions: OperatorMissionView[] }>('/operator/missions')).missions);
}

export function loadBoxes(): Promise<void> {
  return loadBoxList(async () => (await call<{ data: OperatorBoxView[] }>('/operator/boxes')).data);
}

export async function setMissionActive(m: OperatorMissionView, active: boolean): Promise<void> {
  await act(() => call(`/operator/missions/${m.id}`, { method: 'PATCH', body: { active } }), active ? t('missions.on', { id: m.id }) : t('missions.off', { id: m.id }));
  await loadMissions();
}

/** Gives a mission to one player (it appears on their /bonus page, live). */
export async function assignMission(m: OperatorMissionView, userId: number): Promise<boolean> {
  const ok = await act(() => call(`/operator/missions/${m.id}/assign`, { method: 'POST', body: { user_id: userId } }), t('missions.assigned', { id: m.id, player: userId }));
  await loadMissions();
  return ok;
}

export async function setBoxActive(b: OperatorBoxView, active: boolean): Promise<void> {
  await act(() => call(`/operator/boxes/${encodeURIComponent(b.slug)}`, { method: 'PATCH', body: { active } }), active ? t('boxes.on', { slug: b.slug }) : t('boxes.off', { slug: b.slug }));
  await loadBoxes();
}

/** Gives a box to one player (notified live); the platform refuses it while the site has boxes off. */
export function grantBox(b: OperatorBoxView, userId: number): Promise<boolean> {
  return act(
    () => call(`/operator/boxes/${encodeURIComponent(b.slug)}/grant`, { method: 'POST', body: { user_id: userId, source: 'operator' } }),
    t('boxes.granted', { slug: b.slug, player: userId }),
  );
}
