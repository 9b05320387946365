import type { OperatorBoxView } from '../../contract/boxes.ts';
import { type MissionKind, type MissionScope, type OperatorMissionView, SCOPED_MISSION_KINDS } from '../../contract/missions.ts';
import { call } from '../api.ts';
import { localized, t } from '../i18n.ts';
import { loadMissions } from './engagement.ts';
import { centavosOf, decimalMark, reaisText, wholeOf } from './numbers.ts';
import { act } from './resource.ts';

/** The mission form's fields, for a new mission or one being edited; numbers as the operator types them. */
export interface MissionDraft {
  titlePt: string;
  titleEn: string;
  descriptionPt: string;
  descriptionEn: string;
  kind: MissionKind;
  /** In the kind's unit: reais for wager/deposit, a count for rounds/chat, × for a multiplier. */
  target: string;
  /** `bonus` only for a stored mission that pays bonus money: kept as it is (the form writes none). */
  rewardKind: 'vip_points' | 'box' | 'bonus';
  /** VIP points, or the box's id (chosen from the tenant's boxes; '' while none is). */
  reward: string;
  offered: boolean;
  active: boolean;
  /** São Paulo days, '' for none. */
  startsOn: string;
  endsOn: string;
  /** Which stakes count (wager, rounds, multiplier only); '' for any. */
  game: string;
  category: string;
  provider: string;
}

export const EMPTY_MISSION: MissionDraft = {
  titlePt: '',
  titleEn: '',
  descriptionPt: '',
  descriptionEn: '',
  kind: 'wager',
  target: '',
  rewardKind: 'vip_points',
  reward: '',
  offered: true,
  active: true,
  startsOn: '',
  endsOn: '',
  game: '',
  category: '',
  provider: '',
};

/** Wager and deposit targets are centavos; a multiplier is ×100 (250 = 2,5×), both typed with two decimals at most. */
const inCentavos = (kind: MissionKind) => kind === 'wager' || kind === 'deposit' || kind === 'multiplier';

function targetText(kind: MissionKind, target: number): string {
  if (kind === 'wager' || kind === 'deposit') return reaisText(target);
  if (kind !== 'multiplier') return String(target);
  const hundredths = String(target % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return hundredths ? `${Math.floor(target / 100)}${decimalMark()}${hundredths}` : String(target / 100);
}

const dayOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }) : '');

/** The form's draft of a stored mission. */
export function draftOfMission(m: OperatorMissionView): MissionDraft {
  const r = m.reward;
  return {
    titlePt: m.title.pt,
    titleEn: m.title.en,
    descriptionPt: m.description.pt,
    descriptionEn: m.description.en,
    kind: m.kind,
    target: targetText(m.kind, m.target),
    rewardKind: r.kind,
    reward: r.kind === 'vip_points' ? String(r.points) : r.kind === 'box' ? String(r.box_id) : '',
    offered: m.offered,
    active: m.active,
    startsOn: dayOf(m.starts_at),
    endsOn: dayOf(m.ends_at),
    game: m.scope?.game ?? '',
    category: m.scope?.category ?? '',
    provider: m.scope?.provider ?? '',
  };
}

/**
 * The draft with another kind of reward: its value starts empty (a number
 * of points is no box's id), or as stored when the mission already gave
 * that kind, so switching back and forth loses nothing.
 */
export function withRewardKind(d: MissionDraft, rewardKind: MissionDraft['rewardKind'], stored: OperatorMissionView | null): MissionDraft {
  if (rewardKind === d.rewardKind) return d;
  const before = stored ? draftOfMission(stored) : null;
  return { ...d, rewardKind, reward: before?.rewardKind === rewardKind ? before.reward : '' };
}

/** One entry of the mission's box list: the value sent (the box's id, as the draft keeps it) and what the operator reads. */
export interface BoxOption {
  value: string;
  label: string;
  /** The mission's own box, no longer one the platform takes as a new reward (switched off or deleted). */
  unavailable?: boolean;
}

/**
 * The boxes a mission may give, for its reward's list: the tenant's
 * switched-on boxes (the platform refuses any other), by name in the staff
 * member's language, in the order the site lists them. The box a stored
 * mission gives stays listed, marked, when it is switched off or gone, so
 * saving another change keeps it. `boxes` null: not loaded yet.
 */
export function boxOptions(boxes: readonly OperatorBoxView[] | null, stored: OperatorMissionView | null): BoxOption[] {
  const options: BoxOption[] = (boxes ?? []).filter((b) => b.active).map((b) => ({ value: String(b.id), label: t('missions.boxOption', { name: localized(b.name), id: b.id }) }));
  const reward = stored?.reward;
  if (reward?.kind === 'box' && !options.some((o) => o.value === String(reward.box_id))) {
    const known = boxes?.find((b) => b.id === reward.box_id);
    const label = t(known ? 'missions.boxOff' : 'missions.boxGone', { name: localized(known?.name ?? reward.box_name), id: reward.box_id });
    options.push({ value: String(reward.box_id), label, unavailable: true });
  }
  return options;
}

/** The scope of the draft, parts in a fixed order (so two equal scopes compare equal); null for any game or a kind without scope. */
function scopeOf(d: Pick<MissionDraft, 'kind' | 'game' | 'category' | 'provider'>): MissionScope | null {
  if (!SCOPED_MISSION_KINDS.includes(d.kind)) return null;
  const scope: MissionScope = {};
  if (d.game.trim()) scope.game = d.game.trim().toLowerCase();
  if (d.category.trim()) scope.category = d.category.trim().toLowerCase();
  if (d.provider.trim()) scope.provider = d.provider.trim().toLowerCase();
  return Object.keys(scope).length ? scope : null;
}

/**
 * The mission as `POST /operator/missions` takes it: targets in the
 * contract's units (see `inCentavos`), the window from the start of its first
 * São Paulo day to the end of its last. Rewards are VIP points or a box (a
 * regulated site gives no bonus money); what cannot be read is null, for
 * the platform to name.
 */
export function missionBody(d: MissionDraft) {
  const reward = d.rewardKind === 'vip_points' ? { kind: 'vip_points', points: wholeOf(d.reward, null) } : { kind: 'box', box_id: wholeOf(d.reward, null) };
  return {
    title: { pt: d.titlePt, en: d.titleEn },
    description: { pt: d.descriptionPt, en: d.descriptionEn },
    kind: d.kind,
    target: inCentavos(d.kind) ? centavosOf(d.target, null) : wholeOf(d.target, null),
    scope: scopeOf(d),
    reward,
    starts_at: d.startsOn ? new Date(`${d.startsOn}T00:00:00-03:00`).toISOString() : null,
    ends_at: d.endsOn ? new Date(`${d.endsOn}T23:59:59-03:00`).toISOString() : null,
    offered: d.offered,
    active: d.active,
  };
}

/**
 * What `PATCH /operator/missions/{id}` needs to turn `stored` into the draft:
 * only the fields that changed (the platform merges them and checks the
 * whole). A bonus reward the form cannot write is left as stored, and a day
 * left as it was keeps its stored time.
 */
export function missionPatch(stored: OperatorMissionView, d: MissionDraft): Record<string, unknown> {
  const body = missionBody(d);
  const before = draftOfMission(stored);
  const patch: Record<string, unknown> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(body.title, stored.title)) patch.title = body.title;
  if (!same(body.description, stored.description)) patch.description = body.description;
  if (d.kind !== stored.kind) patch.kind = d.kind;
  if (d.kind !== stored.kind || body.target !== stored.target) patch.target = body.target;
  if (!same(body.scope, scopeOf(before))) patch.scope = body.scope;
  if (d.rewardKind !== 'bonus' && !same(body.reward, missionBody(before).reward)) patch.reward = body.reward;
  if (d.startsOn !== before.startsOn) patch.starts_at = body.starts_at;
  if (d.endsOn !== before.endsOn) patch.ends_at = body.ends_at;
  if (d.offered !== stored.offered) patch.offered = d.offered;
  if (d.active !== stored.active) patch.active = d.active;
  return patch;
}

export async function createMission(d: MissionDraft): Promise<boolean> {
  const ok = await act(() => call('/operator/missions', { method: 'POST', body: missionBody(d) }), t('missions.created', { title: d.titlePt }));
  if (ok) await loadMissions();
  return ok;
}

/** Saves the changes to a stored mission; players keep their progress (a new target applies to it as it stands). */
export async function saveMission(stored: OperatorMissionView, d: MissionDraft): Promise<boolean> {
  const patch = missionPatch(stored, d);
  if (Object.keys(patch).length === 0) return act(async () => {}, t('missions.unchanged'));
  const ok = await act(
    () => call(`/operator/missions/${stored.id}`, { method: 'PATCH', body: patch }),
    t('missions.saved', { title: localized({ pt: d.titlePt.trim() || stored.title.pt, en: d.titleEn.trim() || stored.title.en }) }),
  );
  if (ok) await loadMissions();
  return ok;
}
