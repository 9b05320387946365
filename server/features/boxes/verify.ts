import { and, asc, eq } from 'drizzle-orm';
import type { BoxVerifyAnswer, PrizeView } from '../../../src/contract/boxes.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { hashServerSeed } from '../house/fairness/seed.ts';
import { getBox } from './catalogue.ts';
import { drawBox, drawRanges, type DrawRange } from './draw.ts';
import { BOX_MESSAGES } from './messages.ts';
import { toPrizeView } from './present.ts';
import { boxPrizes, userBoxes, userPrizes } from './schema.ts';

function answer(seeds: { serverSeed: string; clientSeed: string; nonce: number }, ranges: DrawRange[], prizes: Map<number, PrizeView>): BoxVerifyAnswer {
  const draw = drawBox(seeds, ranges);
  return {
    server_seed_hash: hashServerSeed(seeds.serverSeed),
    ticket: draw.ticket,
    float: draw.float,
    prize_id: draw.range.prize_id,
    prize: prizes.get(draw.range.prize_id) ?? null,
    ranges,
  };
}

/**
 * `GET /boxes/verify?server_seed=&client_seed=&nonce=&box=`: recomputes a
 * draw from the seeds alone against the box's CURRENT prize table (id or
 * slug; inactive boxes too). Reads the box, writes nothing.
 */
export async function verifyWithSeeds(db: Db, tenantId: number, q: { server_seed: string; client_seed: string; nonce: number; box: string }): Promise<BoxVerifyAnswer> {
  const entry = await getBox(db, tenantId, q.box, { activeOnly: false });
  if (entry.prizes.length === 0) throw new NotFoundError('box_without_prizes', { message: BOX_MESSAGES.noPrizes });
  return answer({ serverSeed: q.server_seed, clientSeed: q.client_seed, nonce: q.nonce }, drawRanges(entry.prizes), new Map(entry.prizes.map((p) => [p.id, toPrizeView(p)])));
}

/**
 * `GET /boxes/verify?user_box_id=` (the player's own, opened): recomputes
 * the draw from the revealed seeds and the prize table stored at opening,
 * so a box changed since still verifies. 404 for a box not theirs or not opened.
 */
export async function verifyUserBox(db: Db, scope: { tenantId: number; userId: number }, userBoxId: number): Promise<BoxVerifyAnswer> {
  const [row] = await db
    .select()
    .from(userBoxes)
    .where(and(eq(userBoxes.id, userBoxId), eq(userBoxes.tenantId, scope.tenantId), eq(userBoxes.userId, scope.userId)));
  if (!row || row.status !== 'opened' || !row.ranges || row.clientSeed === null) throw new NotFoundError('user_box_not_found', { message: BOX_MESSAGES.userBoxNotFound });
  const [won] = await db.select().from(userPrizes).where(eq(userPrizes.userBoxId, row.id));
  const live = await db.select().from(boxPrizes).where(eq(boxPrizes.boxId, row.boxId)).orderBy(asc(boxPrizes.position));
  const prizes = new Map(live.map((p) => [p.id, toPrizeView(p)]));
  if (won) prizes.set(won.prize.id, won.prize);
  return answer({ serverSeed: row.serverSeed, clientSeed: row.clientSeed, nonce: row.nonce }, row.ranges, prizes);
}
