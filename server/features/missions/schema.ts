import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MissionKind, MissionRewardInput, MissionScope, MissionText } from '../../../src/contract/missions.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A tenant's missions (issue 19), as the operator defines them. `target`
 * is in the kind's unit (centavos, rounds, multiplier ×100, messages);
 * `scope` narrows which stakes count; `reward` is stored as written (a box
 * by id). `offered`: listed to every player; otherwise only assigned.
 */
export const missions = pgTable(
  'missions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<MissionText>().notNull(),
    description: jsonb('description').$type<MissionText>().notNull(),
    kind: text('kind').$type<MissionKind>().notNull(),
    target: bigint('target', { mode: 'number' }).notNull(),
    scope: jsonb('scope').$type<MissionScope | null>(),
    reward: jsonb('reward').$type<MissionRewardInput>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    offered: boolean('offered').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('missions_tenant_idx').on(t.tenantId, t.id),
    check('missions_kind_check', sql`${t.kind} in ('wager', 'rounds', 'multiplier', 'deposit', 'chat')`),
    check('missions_target_check', sql`${t.target} > 0`),
  ],
);

/**
 * One player's mission: accepted (by the player, or assigned by the
 * operator), its progress in the mission's unit (capped at the target),
 * completed once the target is reached (`completed_at` set once), claimed
 * once (`claimed_at`, set under this row's lock, the key that pays the
 * reward once). `publish_pending`: its progress changed in a committed
 * transaction and `MissionProgress` has not been sent yet (missions/publish.ts).
 */
export const playerMissions = pgTable(
  'player_missions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    progress: bigint('progress', { mode: 'number' }).notNull().default(0),
    assigned: boolean('assigned').notNull().default(false),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    publishPending: boolean('publish_pending').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('player_missions_mission_user_unique').on(t.missionId, t.userId),
    index('player_missions_user_idx').on(t.tenantId, t.userId),
    index('player_missions_publish_idx').on(t.id).where(sql`${t.publishPending}`),
    check('player_missions_progress_check', sql`${t.progress} >= 0`),
  ],
);

export type MissionRow = typeof missions.$inferSelect;
export type PlayerMissionRow = typeof playerMissions.$inferSelect;
