import type { OperatorBoxView } from '../../contract/boxes.ts';
import type { MissionKind, OperatorMissionView } from '../../contract/missions.ts';
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

export interface MissionDraft {
  titlePt: string;
  titleEn: string;
  descriptionPt: string;
  descriptionEn: string;
  kind: MissionKind;
  /** In the kind's unit: reais for wager/deposit, a count for rounds/chat, × for a multiplier. */
  target: string;
  rewardKind: 'vip_points' | 'box';
  /** VIP points, or the box's id. */
  reward: string;
  offered: boolean;
}

export const EMPTY_MISSION: MissionDraft = { titlePt: '', titleEn: '', descriptionPt: '', descriptionEn: '', kind: 'wager', target: '', rewardKind: 'vip_points', reward: '', offered: true };

const decimal = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));

/**
 * The mission as `POST /operator/missions` takes it: wager and deposit
 * targets in centavos, a multiplier ×100 (2,5× → 250). Rewards are VIP points
 * or a box (a regulated site gives no bonus money).
 */
export function missionBody(d: MissionDraft) {
  const target = d.kind === 'wager' || d.kind === 'deposit' || d.kind === 'multiplier' ? Math.round(decimal(d.target) * 100) : decimal(d.target);
  const reward = d.rewardKind === 'vip_points' ? { kind: 'vip_points', points: decimal(d.reward) } : { kind: 'box', box_id: decimal(d.reward) };
  return { title: { pt: d.titlePt, en: d.titleEn }, description: { pt: d.descriptionPt, en: d.descriptionEn }, kind: d.kind, target, reward, offered: d.offered };
}

export async function createMission(d: MissionDraft): Promise<boolean> {
  const ok = await act(() => call('/operator/missions', { method: 'POST', body: missionBody(d) }), t('missions.created', { title: d.titlePt }));
  if (ok) await loadMissions();
  return ok;
}
