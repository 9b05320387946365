import { and, eq, inArray } from 'drizzle-orm';
import type { MissionText } from '../../../src/contract/missions.ts';
import type { Db } from '../../db/open.ts';
import { grantBox, type NewUserBoxResult } from '../boxes/grant.ts';
import { boxes } from '../boxes/schema.ts';
import type { MissionRow } from './schema.ts';

/** The names of the boxes `rewards` give, by box id (one query; none when no reward is a box). */
export async function boxNamesOf(db: Db, tenantId: number, rewards: MissionRow['reward'][]): Promise<Map<number, MissionText>> {
  const ids = [...new Set(rewards.flatMap((r) => (r.kind === 'box' ? [r.box_id] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: boxes.id, name: boxes.name })
    .from(boxes)
    .where(and(eq(boxes.tenantId, tenantId), inArray(boxes.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the tenant has this box, switched on (a mission may only promise a box players can get). */
export async function boxExists(db: Db, tenantId: number, boxId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: boxes.id })
    .from(boxes)
    .where(and(eq(boxes.tenantId, tenantId), eq(boxes.id, boxId), eq(boxes.active, true)));
  return Boolean(row);
}

/**
 * Gives a mission's box inside the claim's transaction (boxes/grant.ts:
 * granted boxes open on regulated tenants too), once per player and mission
 * (`mission:{id}:user:{id}`). The caller sends the won-box notification after commit.
 */
export function giveBoxReward(tx: Db, input: { tenantId: number; userId: number; boxId: number; missionId: number }): Promise<NewUserBoxResult> {
  return grantBox(tx, { tenantId: input.tenantId, userId: input.userId, boxId: input.boxId, source: 'mission', sourceRef: `mission:${input.missionId}:user:${input.userId}` });
}
