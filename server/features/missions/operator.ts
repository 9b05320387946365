import { and, count, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type MissionInput, MissionInputSchema, MissionPatchSchema, type MissionView, type OperatorMissionView } from '../../../src/contract/missions.ts';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { DomainError, NotFoundError, ValidationError } from '../../http/errors.ts';
import { fill } from '../auth/messages.ts';
import { notify } from '../notifications/notify.ts';
import { users } from '../users/schema.ts';
import { boxExists, boxNamesOf } from './box-reward.ts';
import type { MissionsDeps } from './deps.ts';
import { MISSION_MESSAGES } from './messages.ts';
import { assertMissionAllowed, viewsOf } from './player.ts';
import { toOperatorMissionView } from './present.ts';
import { type MissionRow, missions, playerMissions } from './schema.ts';

const notFound = () => new NotFoundError('mission_not_found', { message: MISSION_MESSAGES.notFound });

/** The stored columns of a validated mission. */
function columnsOf(input: MissionInput) {
  return {
    title: input.title,
    description: input.description,
    kind: input.kind,
    target: input.target,
    scope: input.scope,
    reward: input.reward,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    offered: input.offered,
    active: input.active,
  };
}

/** The operator's input form of a stored mission (what a PATCH is merged onto). */
function inputOf(row: MissionRow): Record<string, unknown> {
  return {
    title: row.title,
    description: row.description,
    kind: row.kind,
    target: row.target,
    scope: row.scope ?? null,
    reward: row.reward,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    offered: row.offered,
    active: row.active,
  };
}

/**
 * Checks a whole mission: the schema (422 naming each field), then what
 * needs the database or the tenant — a box reward needs `hasBoxes` on and
 * one of the tenant's active boxes (422 `reward.box_id`); a deposit mission or bonus
 * money on a regulated tenant is refused (403 with the law).
 */
async function validated(db: Db, tenant: TenantContext, body: unknown): Promise<MissionInput> {
  const input = v.parse(MissionInputSchema, body);
  if (input.reward.kind === 'box' && !tenant.config.hasBoxes) {
    // Players could never open it: the box calls answer 404 with hasBoxes off.
    throw new ValidationError({ 'reward.box_id': ['missionsApi.validation.boxesOff'] });
  }
  if (input.reward.kind === 'box' && !(await boxExists(db, tenant.id, input.reward.box_id))) {
    throw new ValidationError({ 'reward.box_id': ['missionsApi.validation.box'] });
  }
  assertMissionAllowed(tenant, input);
  return input;
}

/** How many players accepted, completed and claimed each mission. */
async function countsOf(db: Db, ids: number[]) {
  const counts = new Map<number, { accepted: number; completed: number; claimed: number }>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      id: playerMissions.missionId,
      accepted: count(),
      completed: count(playerMissions.completedAt),
      claimed: count(playerMissions.claimedAt),
    })
    .from(playerMissions)
    .where(inArray(playerMissions.missionId, ids))
    .groupBy(playerMissions.missionId);
  for (const r of rows) counts.set(r.id, { accepted: Number(r.accepted), completed: Number(r.completed), claimed: Number(r.claimed) });
  return counts;
}

async function operatorViews(db: Db, tenantId: number, rows: MissionRow[]): Promise<OperatorMissionView[]> {
  const [counts, boxes] = await Promise.all([countsOf(db, rows.map((r) => r.id)), boxNamesOf(db, tenantId, rows.map((r) => r.reward))]);
  return rows.map((r) => toOperatorMissionView(r, counts.get(r.id) ?? { accepted: 0, completed: 0, claimed: 0 }, boxes));
}

async function findMission(db: Db, tenantId: number, id: number): Promise<MissionRow> {
  const [row] = await db.select().from(missions).where(and(eq(missions.id, id), eq(missions.tenantId, tenantId)));
  if (!row) throw notFound();
  return row;
}

/** `GET /operator/missions`: every mission of the tenant, newest first. */
export async function listOperatorMissions(db: Db, tenantId: number): Promise<OperatorMissionView[]> {
  return operatorViews(db, tenantId, await db.select().from(missions).where(eq(missions.tenantId, tenantId)).orderBy(sql`${missions.id} desc`));
}

/** `GET /operator/missions/{id}`. */
export async function getOperatorMission(db: Db, tenantId: number, id: number): Promise<OperatorMissionView> {
  return (await operatorViews(db, tenantId, [await findMission(db, tenantId, id)]))[0]!;
}

/** `POST /operator/missions`: a whole mission, validated before anything is written. */
export async function createMission(db: Db, tenant: TenantContext, body: unknown): Promise<OperatorMissionView> {
  const input = await validated(db, tenant, body);
  const [row] = await db
    .insert(missions)
    .values({ tenantId: tenant.id, ...columnsOf(input) })
    .returning();
  return (await operatorViews(db, tenant.id, [row!]))[0]!;
}

/**
 * `PATCH /operator/missions/{id}`: the fields given are merged onto the
 * stored mission and the result validated whole. Players' progress is
 * kept (a new target applies to it as it stands; a mission already
 * completed stays completed); its kind cannot change once a player took it (409).
 */
export async function patchMission(db: Db, tenant: TenantContext, id: number, body: unknown): Promise<OperatorMissionView> {
  const current = await findMission(db, tenant.id, id);
  const patch = v.parse(MissionPatchSchema, body);
  const input = await validated(db, tenant, { ...inputOf(current), ...patch });
  // Progress is counted in the kind's unit: a mission players took keeps its kind.
  if (input.kind !== current.kind) {
    const [taken] = await db.select({ id: playerMissions.id }).from(playerMissions).where(eq(playerMissions.missionId, id)).limit(1);
    if (taken) throw new DomainError('mission_kind_locked', 409, undefined, { message: MISSION_MESSAGES.kindLocked });
  }
  const [row] = await db
    .update(missions)
    .set({ ...columnsOf(input), updatedAt: sql`now()` })
    .where(and(eq(missions.id, id), eq(missions.tenantId, tenant.id)))
    .returning();
  if (!row) throw notFound();
  return (await operatorViews(db, tenant.id, [row]))[0]!;
}

/** `DELETE /operator/missions/{id}`: the mission and every player's progress of it (rewards already paid stay paid). */
export async function deleteMission(db: Db, tenantId: number, id: number): Promise<void> {
  const deleted = await db.delete(missions).where(and(eq(missions.id, id), eq(missions.tenantId, tenantId))).returning({ id: missions.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * `POST /operator/missions/{id}/assign {user_id}`: the mission becomes the
 * player's, accepted (offered or not), progress from now on. The first
 * assignment (or acceptance) only is announced, after it is stored:
 * `MissionAssigned` {mission} on the player's private channel
 * `universal.{id}` and a notification of type `mission`; assigning again
 * changes and sends nothing (`assigned: false`).
 * @throws ValidationError (422 `user_id`) for a player who is not the
 * tenant's; NotFoundError (404); 409 for a switched-off or ended mission;
 * 403 for a deposit mission on a regulated tenant.
 */
export async function assignMission(deps: MissionsDeps, tenant: TenantContext, id: number, userId: number): Promise<{ mission: MissionView; assigned: boolean }> {
  const { db } = deps;
  const mission = await findMission(db, tenant.id, id);
  const [player] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenant.id)));
  if (!player) throw new ValidationError({ user_id: ['missionsApi.validation.userId'] });
  assertMissionAllowed(tenant, mission);
  if (!mission.active) throw new DomainError('mission_inactive', 409, undefined, { message: MISSION_MESSAGES.inactive });
  if (mission.endsAt && mission.endsAt.getTime() <= Date.now()) throw new DomainError('mission_expired', 409, undefined, { message: MISSION_MESSAGES.expired });
  const inserted = await db
    .insert(playerMissions)
    .values({ tenantId: tenant.id, missionId: id, userId, assigned: true })
    .onConflictDoNothing()
    .returning({ id: playerMissions.id });
  const [mine] = await db
    .select()
    .from(playerMissions)
    .where(and(eq(playerMissions.missionId, id), eq(playerMissions.userId, userId)));
  const [view] = await viewsOf(db, tenant.id, [{ mission, mine: mine ?? null }]);
  if (inserted.length === 0) return { mission: view!, assigned: false };
  try {
    await deps.publish([realtimeChannel.actorPrivate(userId)], wireEventName(RealtimeEvent.MissionAssigned), { mission: view });
  } catch (error) {
    deps.log.warn(`missions: MissionAssigned of mission ${id} to user ${userId} not sent`, error);
  }
  try {
    await notify(deps.notifications, {
      tenant: { id: tenant.id },
      userId,
      type: 'mission',
      content: {
        title: MISSION_MESSAGES.assignedTitle,
        message: { pt: fill(MISSION_MESSAGES.assignedMessage.pt, { title: mission.title.pt }), en: fill(MISSION_MESSAGES.assignedMessage.en, { title: mission.title.en }) },
        url: '/casino',
      },
    });
  } catch (error) {
    deps.log.warn(`missions: notification of mission ${id} to user ${userId} failed`, error);
  }
  return { mission: view!, assigned: true };
}
