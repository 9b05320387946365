import type { MissionDefinitionView, MissionReward, MissionStatus, MissionText, MissionView, OperatorMissionView } from '../../../src/contract/missions.ts';
import type { MissionRow, PlayerMissionRow } from './schema.ts';

/** Box names by box id, for box rewards (boxes/… names them; a box gone shows its id). */
export type BoxNames = ReadonlyMap<number, MissionText>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The reward as the player sees it: a box with its name. */
export function rewardView(reward: MissionRow['reward'], boxes: BoxNames): MissionReward {
  if (reward.kind !== 'box') return reward;
  return { kind: 'box', box_id: reward.box_id, box_name: boxes.get(reward.box_id) ?? { pt: `Caixa ${reward.box_id}`, en: `Box ${reward.box_id}` } };
}

/**
 * The player's state: claimed and completed whatever the window; expired
 * when the window ended before completion; accepted while progressing;
 * available when not taken (always for a visitor).
 */
export function statusOf(mission: Pick<MissionRow, 'endsAt'>, mine: PlayerMissionRow | null, now: Date): MissionStatus {
  if (mine?.claimedAt) return 'claimed';
  if (mine?.completedAt) return 'completed';
  if (mission.endsAt && mission.endsAt <= now) return 'expired';
  return mine ? 'accepted' : 'available';
}

/** The definition both views start with: texts, kind, target, scope, reward and window. */
function definitionView(mission: MissionRow, boxes: BoxNames): MissionDefinitionView {
  return {
    id: mission.id,
    title: mission.title,
    description: mission.description,
    kind: mission.kind,
    target: mission.target,
    scope: mission.scope ?? null,
    reward: rewardView(mission.reward, boxes),
    starts_at: iso(mission.startsAt),
    ends_at: iso(mission.endsAt),
  };
}

/** The player's view of a mission, with their row (null: not accepted, or a visitor). */
export function toMissionView(mission: MissionRow, mine: PlayerMissionRow | null, boxes: BoxNames, now: Date): MissionView {
  const progress = Math.min(mine?.progress ?? 0, mission.target);
  return {
    ...definitionView(mission, boxes),
    status: statusOf(mission, mine, now),
    progress,
    percent: Math.max(0, Math.min(100, Math.floor((progress * 100) / mission.target))),
    accepted_at: iso(mine?.acceptedAt ?? null),
    completed_at: iso(mine?.completedAt ?? null),
    claimed_at: iso(mine?.claimedAt ?? null),
  };
}

/** The operator's view: the definition and how many players accepted, completed and claimed it. */
export function toOperatorMissionView(mission: MissionRow, counts: { accepted: number; completed: number; claimed: number }, boxes: BoxNames): OperatorMissionView {
  return {
    ...definitionView(mission, boxes),
    offered: mission.offered,
    active: mission.active,
    ...counts,
    created_at: mission.createdAt.toISOString(),
    updated_at: mission.updatedAt.toISOString(),
  };
}
