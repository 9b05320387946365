import { Hono } from 'hono';
import * as v from 'valibot';
import { MissionAssignSchema } from '../../../src/contract/missions.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { BadRequestError } from '../../http/errors.ts';
import { requireOperator } from '../operator/auth.ts';
import type { MissionsDeps } from './deps.ts';
import { MISSION_MESSAGES } from './messages.ts';
import { assignMission, createMission, deleteMission, getOperatorMission, listOperatorMissions, patchMission } from './operator.ts';
import { parseMissionId } from './player.ts';

/**
 * The operator's missions (issue 19; operator key, the key's own tenant only; `no-store`):
 * - `GET /operator/missions` → `{ missions }` (with how many players accepted, completed, claimed);
 * - `POST /operator/missions` → 201 `{ mission }`, validated whole;
 * - `GET /operator/missions/{id}` → `{ mission }`;
 * - `PATCH /operator/missions/{id}` → `{ mission }`: merged, then validated whole;
 * - `DELETE /operator/missions/{id}` → 204;
 * - `POST /operator/missions/{id}/assign {user_id}` → `{ mission, assigned }`: the
 *   player's, accepted, with `MissionAssigned` and a `mission` notification the first time.
 * Bad input → 422 naming each field in the caller's language, nothing written;
 * a deposit mission or bonus money on a regulated tenant → 403 with the law.
 */
export function missionOperatorRoutes(deps: MissionsDeps): Hono<AppEnv> {
  const { db } = deps;
  const noStore = async (c: { header(name: string, value: string): void }, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  const objectBody = async (c: Parameters<typeof readBody>[0]) => {
    const body = await readBody(c, v.unknown());
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequestError('invalid_body', { message: MISSION_MESSAGES.patchNotObject });
    return body;
  };
  return new Hono<AppEnv>()
    .use('/missions', requireOperator(db), noStore)
    .use('/missions/*', requireOperator(db), noStore)
    .get('/missions', async (c) => c.json({ missions: await listOperatorMissions(db, c.get('tenant').id) }))
    .post('/missions', async (c) => c.json({ mission: await createMission(db, c.get('tenant'), await objectBody(c)) }, 201))
    .get('/missions/:id', async (c) => c.json({ mission: await getOperatorMission(db, c.get('tenant').id, parseMissionId(c.req.param('id'))) }))
    .patch('/missions/:id', async (c) => {
      const id = parseMissionId(c.req.param('id'));
      return c.json({ mission: await patchMission(db, c.get('tenant'), id, await objectBody(c)) });
    })
    .delete('/missions/:id', async (c) => {
      await deleteMission(db, c.get('tenant').id, parseMissionId(c.req.param('id')));
      return c.body(null, 204);
    })
    .post('/missions/:id/assign', async (c) => {
      const id = parseMissionId(c.req.param('id'));
      const { user_id } = await readBody(c, MissionAssignSchema);
      return c.json(await assignMission(deps, c.get('tenant'), id, user_id));
    });
}
