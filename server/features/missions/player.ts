import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MissionAnswer, MissionClaimAnswer, MissionView } from '../../../src/contract/missions.ts';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { DomainError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import { grantBonus } from '../bonuses/grant.ts';
import { assertBonusAllowed } from '../bonuses/regulated.ts';
import { addVipPoints } from '../ranks/vip-points.ts';
import { getWallet, toWalletView } from '../wallet/wallet.ts';
import { type NewUserBoxResult, notifyNewUserBox } from '../boxes/grant.ts';
import { boxNamesOf, giveBoxReward } from './box-reward.ts';
import type { MissionsDeps } from './deps.ts';
import { MISSION_MESSAGES } from './messages.ts';
import { toMissionView } from './present.ts';
import { type MissionRow, missions, type PlayerMissionRow, playerMissions } from './schema.ts';

/** How long a claimed or expired mission stays in the player's list. */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;
/** Most missions one list answers. */
const LIST_LIMIT = 100;

const ORDER: Record<MissionView['status'], number> = { completed: 0, accepted: 1, available: 2, claimed: 3, expired: 4 };

/** The mission id of a path, or 404 for anything that is not a positive integer. */
export function parseMissionId(raw: string): number {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new NotFoundError('mission_not_found', { message: MISSION_MESSAGES.notFound });
  return id;
}

const conflict = (code: string, message: (typeof MISSION_MESSAGES)[keyof typeof MISSION_MESSAGES]) => new DomainError(code, 409, undefined, { message });

/** Deposit missions are an advantage to bet with (art. 29): refused on a regulated tenant. */
export function assertMissionAllowed(tenant: { config: { is_regulated: boolean } }, mission: Pick<MissionRow, 'kind' | 'reward'>): void {
  if (mission.kind === 'deposit' && tenant.config.is_regulated) throw new ForbiddenError('mission_not_allowed', { message: MISSION_MESSAGES.depositRegulated });
  if (mission.reward.kind === 'bonus') assertBonusAllowed(tenant.config);
}

/** Missions a player may take now: active, offered, started, not ended; no deposit mission on a regulated tenant. */
function offeredNow(tenant: TenantContext) {
  const now = sql`now()`;
  return and(
    eq(missions.tenantId, tenant.id),
    eq(missions.active, true),
    eq(missions.offered, true),
    or(isNull(missions.startsAt), lte(missions.startsAt, now)),
    or(isNull(missions.endsAt), gt(missions.endsAt, now)),
    tenant.config.is_regulated ? sql`${missions.kind} <> 'deposit'` : undefined,
  );
}

/** The views of `rows` (mission + the player's row), box names looked up once. */
export async function viewsOf(db: Db, tenantId: number, rows: { mission: MissionRow; mine: PlayerMissionRow | null }[], now = new Date()): Promise<MissionView[]> {
  const boxes = await boxNamesOf(db, tenantId, rows.map((r) => r.mission.reward));
  return rows.map((r) => toMissionView(r.mission, r.mine, boxes, now));
}

/**
 * `GET /missions`: the missions offered now (as `available` for a visitor
 * or a player who has not taken them) and the player's own — accepted,
 * completed, and claimed or expired in the last 7 days — completed first.
 */
export async function listMissions(db: Db, ctx: { tenant: TenantContext; userId: number | null }): Promise<MissionView[]> {
  const now = new Date();
  const offered = await db.select().from(missions).where(offeredNow(ctx.tenant)).orderBy(missions.id).limit(LIST_LIMIT);
  const rows: { mission: MissionRow; mine: PlayerMissionRow | null }[] = [];
  const seen = new Set<number>();
  if (ctx.userId !== null) {
    const since = new Date(now.getTime() - RECENT_MS);
    const mine = await db
      .select({ mission: missions, mine: playerMissions })
      .from(playerMissions)
      .innerJoin(missions, eq(missions.id, playerMissions.missionId))
      .where(
        and(
          eq(playerMissions.tenantId, ctx.tenant.id),
          eq(playerMissions.userId, ctx.userId),
          or(isNull(playerMissions.claimedAt), gt(playerMissions.claimedAt, since)),
          or(sql`${playerMissions.completedAt} is not null`, isNull(missions.endsAt), gt(missions.endsAt, since)),
        ),
      )
      .orderBy(playerMissions.id)
      .limit(LIST_LIMIT);
    for (const row of mine) {
      rows.push(row);
      seen.add(row.mission.id);
    }
  }
  for (const mission of offered) if (!seen.has(mission.id)) rows.push({ mission, mine: null });
  const views = await viewsOf(db, ctx.tenant.id, rows, now);
  return views.sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.id - b.id).slice(0, LIST_LIMIT);
}

/** The mission and the player's row of it (none for a visitor). */
async function missionWithMine(db: Db, tenantId: number, id: number, userId: number | null) {
  const [mission] = await db.select().from(missions).where(and(eq(missions.id, id), eq(missions.tenantId, tenantId)));
  if (!mission) return null;
  if (userId === null) return { mission, mine: null };
  const [mine] = await db.select().from(playerMissions).where(and(eq(playerMissions.missionId, id), eq(playerMissions.userId, userId)));
  return { mission, mine: mine ?? null };
}

/** `GET /missions/{id}`: a mission the player has, or one offered to everyone (a switched-off one only to those who have it). */
export async function getMission(db: Db, ctx: { tenant: TenantContext; userId: number | null }, id: number): Promise<MissionAnswer> {
  const found = await missionWithMine(db, ctx.tenant.id, id, ctx.userId);
  if (!found || (!found.mine && (!found.mission.offered || !found.mission.active))) throw new NotFoundError('mission_not_found', { message: MISSION_MESSAGES.notFound });
  const [mission] = await viewsOf(db, ctx.tenant.id, [found]);
  return { mission: mission! };
}

/**
 * `POST /missions/{id}/accept`: the player takes an offered mission
 * (progress from 0, from now on). Idempotent: a mission already taken (or
 * assigned) answers as it is.
 * @throws NotFoundError (404) for no such mission; ForbiddenError (403) for a
 * deposit mission on a regulated tenant; 409 `mission_not_offered`,
 * `mission_not_started` or `mission_expired`.
 */
export async function acceptMission(db: Db, ctx: { tenant: TenantContext; userId: number }, id: number): Promise<MissionAnswer> {
  const found = await missionWithMine(db, ctx.tenant.id, id, ctx.userId);
  if (!found) throw new NotFoundError('mission_not_found', { message: MISSION_MESSAGES.notFound });
  if (!found.mine) {
    const { mission } = found;
    if (mission.kind === 'deposit' && ctx.tenant.config.is_regulated) throw new ForbiddenError('mission_not_allowed', { message: MISSION_MESSAGES.depositRegulated });
    if (!mission.active || !mission.offered) throw conflict('mission_not_offered', MISSION_MESSAGES.notOffered);
    const now = Date.now();
    if (mission.startsAt && mission.startsAt.getTime() > now) throw conflict('mission_not_started', MISSION_MESSAGES.notStarted);
    if (mission.endsAt && mission.endsAt.getTime() <= now) throw conflict('mission_expired', MISSION_MESSAGES.expired);
    await db.insert(playerMissions).values({ tenantId: ctx.tenant.id, missionId: id, userId: ctx.userId }).onConflictDoNothing();
  }
  return getMission(db, ctx, id);
}

/**
 * `POST /missions/{id}/claim`: pays a completed mission's reward ONCE. In
 * one transaction the player's mission row is locked (`FOR UPDATE`), so
 * concurrent claims run one after the other and only the first finds it
 * unclaimed; the reward (VIP points, bonus money through grantBonus, a box)
 * is given with an idempotency key of its own and `claimed_at` set.
 * @throws NotFoundError (404); 409 `mission_not_accepted`,
 * `mission_not_completed`, `mission_already_claimed`; RegulatedBonusError
 * (403) for bonus money on a regulated tenant.
 */
export async function claimMission(deps: Pick<MissionsDeps, 'db' | 'log' | 'notifications'>, ctx: { tenant: TenantContext; userId: number }, id: number): Promise<MissionClaimAnswer> {
  const { db } = deps;
  const { tenant, userId } = ctx;
  const paid = await db.transaction(async (tx) => {
    const [mission] = await tx.select().from(missions).where(and(eq(missions.id, id), eq(missions.tenantId, tenant.id)));
    if (!mission) throw new NotFoundError('mission_not_found', { message: MISSION_MESSAGES.notFound });
    const [mine] = await tx
      .select()
      .from(playerMissions)
      .where(and(eq(playerMissions.missionId, id), eq(playerMissions.userId, userId), eq(playerMissions.tenantId, tenant.id)))
      .for('update');
    if (!mine) throw conflict('mission_not_accepted', MISSION_MESSAGES.notAccepted);
    if (mine.claimedAt) throw conflict('mission_already_claimed', MISSION_MESSAGES.alreadyClaimed);
    if (!mine.completedAt) throw conflict('mission_not_completed', MISSION_MESSAGES.notCompleted);
    const { reward } = mission;
    let money = false;
    let box: NewUserBoxResult | null = null;
    if (reward.kind === 'vip_points') {
      // VIP point references are unique per tenant: this one names the player and the mission.
      await addVipPoints(tx, { tenantId: tenant.id, userId, points: reward.points, reason: 'mission', reference: `user:${userId}:mission:${id}` });
    } else if (reward.kind === 'bonus') {
      assertBonusAllowed(tenant.config);
      await grantBonus(tx, {
        tenantId: tenant.id,
        userId,
        source: 'operator',
        sourceRef: `mission:${id}`,
        amount: reward.amount,
        rolloverMultiplier: reward.rollover_multiplier,
        expiresAt: null,
        metadata: { description: `mission ${id}`, mission_id: id },
      });
      money = true;
    } else {
      box = await giveBoxReward(tx, { tenantId: tenant.id, userId, boxId: reward.box_id, missionId: id });
    }
    await tx.update(playerMissions).set({ claimedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(playerMissions.id, mine.id));
    return { money, box };
  });
  // The won box is announced once the claim has committed (NotificationSent + NotifyNewUserBox); a failure there never undoes it.
  if (paid.box?.created) {
    try {
      await notifyNewUserBox(deps.notifications, paid.box);
    } catch (error) {
      deps.log.warn(`missions: notification of the box of mission ${id} failed`, error);
    }
  }
  const { mission } = await getMission(db, ctx, id);
  const wallet = paid.money ? toWalletView(await getWallet(db, tenant.id, userId)) : undefined;
  return { mission, reward: mission.reward, ...(wallet ? { wallet } : {}) };
}

/** The player's missions of `ids` with their rows (for events), by mission id. */
export async function playerMissionRows(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ mission: missions, mine: playerMissions }).from(playerMissions).innerJoin(missions, eq(missions.id, playerMissions.missionId)).where(inArray(playerMissions.id, ids));
}
