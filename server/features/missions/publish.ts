import { eq, inArray } from 'drizzle-orm';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { type PeriodicWorker, startPeriodic } from '../../lifecycle/periodic.ts';
import type { Publish } from '../payments/deps.ts';
import { viewsOf } from './player.ts';
import { missions, playerMissions } from './schema.ts';

/** Most player missions one pass sends. */
const BATCH = 200;

/**
 * Sends `MissionProgress` {mission} on the player's private channel for
 * every player mission whose progress moved in a COMMITTED transaction
 * (`publish_pending`, set by progress.ts inside the bet, deposit or chat
 * transaction: a rolled-back event leaves nothing to send). The rows are
 * taken under `FOR UPDATE SKIP LOCKED` and cleared in one transaction, so
 * nodes running this at once never send one change twice; the event carries
 * the state read then (a later change is flagged again and sent by the next
 * pass). A failed send is logged, never retried: the player's lists read the
 * state anyway.
 * @returns how many events were sent.
 */
export async function publishMissionProgress(deps: { db: Db; publish: Publish; log: Pick<Logger, 'warn'> }): Promise<number> {
  const rows = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ mission: missions, mine: playerMissions })
      .from(playerMissions)
      .innerJoin(missions, eq(missions.id, playerMissions.missionId))
      .where(eq(playerMissions.publishPending, true))
      .orderBy(playerMissions.id)
      .limit(BATCH)
      .for('update', { of: playerMissions, skipLocked: true });
    if (due.length > 0) await tx.update(playerMissions).set({ publishPending: false }).where(inArray(playerMissions.id, due.map((r) => r.mine.id)));
    return due;
  });
  let sent = 0;
  for (const row of rows) {
    const [view] = await viewsOf(deps.db, row.mission.tenantId, [row]);
    try {
      await deps.publish([realtimeChannel.actorPrivate(row.mine.userId)], wireEventName(RealtimeEvent.MissionProgress), { mission: view });
      sent += 1;
    } catch (error) {
      deps.log.warn(`missions: MissionProgress of player mission ${row.mine.id} not sent`, error);
    }
  }
  return sent;
}

/** `tick()` resolves with how many events it sent. */
export type MissionProgressPublisher = PeriodicWorker<number>;

/**
 * Runs publishMissionProgress every `intervalMs` (default 1 s: a widget
 * moves about a second after the round). Passes never overlap; a failing
 * pass is logged; the timer is unref'd. Any number of nodes may run it.
 */
export function startMissionProgressPublisher(deps: { db: Db; publish: Publish; log: Logger }, opts: { intervalMs?: number } = {}): MissionProgressPublisher {
  return startPeriodic({
    pass: () => publishMissionProgress(deps),
    idle: 0,
    intervalMs: opts.intervalMs ?? 1000,
    log: deps.log,
    failure: 'missions: progress publishing pass failed',
  });
}
