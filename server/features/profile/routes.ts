import { type Context, Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import {
  ShowProfileSchema,
  ToggleHideMetricsSchema,
  UpdateLanguageSchema,
  UpdateNameSchema,
  UpdateSettingsSchema,
} from '../../../src/contract/validation/index.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { BadRequestError, DomainError, NotFoundError, UnauthorizedError, ValidationError } from '../../http/errors.ts';
import { type AccountsDeps, requestFacts } from '../auth/deps.ts';
import { userActor } from '../auth/routes.ts';
import { present } from '../auth/session.ts';
import { updateUser } from '../auth/update-user.ts';
import { findUserById } from '../users/find-user.ts';
import { toPublicProfile } from '../users/present.ts';
import { users } from '../users/schema.ts';
import { PROFILE_MESSAGES } from './messages.ts';
import { removeSelfExclusion, startSelfExclusion } from './self-exclusion.ts';
import { AVATAR_MAX_BYTES, uploadAvatar } from './upload-avatar.ts';

/** The profile calls of section 7 (issue 3 API contract), under `/api`. */
export function profileRoutes(deps: AccountsDeps): Hono<AppEnv> {
  const me = async (c: Context<AppEnv>) => {
    const user = await findUserById(deps.db, c.get('tenant').id, userActor(c.get('actor')).userId);
    if (!user) throw new UnauthorizedError();
    return user;
  };
  const small = bodyLimit({
    maxSize: 16 * 1024,
    onError: () => {
      throw new DomainError('body_too_large', 413);
    },
  });
  const upload = bodyLimit({
    // Room for the multipart envelope around a 2 MB file; the file size itself is checked exactly.
    maxSize: AVATAR_MAX_BYTES + 64 * 1024,
    onError: (c) => {
      throw new ValidationError({ avatar: [PROFILE_MESSAGES.avatarTooLarge[requestFacts(c, deps).locale]] });
    },
  });
  return new Hono<AppEnv>()
    .use('/profile/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/profile', requireUser, async (c) => c.json({ user: await present(deps, await me(c)) }))
    .post('/profile/show', small, async (c) => {
      const body = await readBody(c, ShowProfileSchema);
      const user = await findUserById(deps.db, c.get('tenant').id, body.user_id);
      if (!user) throw new NotFoundError('user_not_found');
      return c.json({ data: toPublicProfile(user, { apiBase: deps.config.publicApiUrl }) });
    })
    .post('/profile/toggle-hide-metrics', requireUser, small, async (c) => {
      const body = await readBody(c, ToggleHideMetricsSchema);
      return c.json(await updateUser(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, { hideMetrics: body.hide_metrics }));
    })
    .post('/profile/updateName', requireUser, small, async (c) => {
      const body = await readBody(c, UpdateNameSchema);
      return c.json(await updateUser(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, { name: body.name }));
    })
    .post('/profile/updateLanguage', requireUser, small, async (c) => {
      const body = await readBody(c, UpdateLanguageSchema);
      return c.json(await updateUser(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, { language: body.language }));
    })
    .get('/profile/getLanguage', requireUser, async (c) => c.json({ language: (await me(c)).language }))
    .post('/profile/update-settings', requireUser, small, async (c) => {
      const body = await readBody(c, UpdateSettingsSchema);
      const given = Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'boolean'));
      // Merged in SQL, so two tabs toggling different settings do not undo each other.
      const settings = sql`${users.settings} || ${JSON.stringify(given)}::jsonb`;
      return c.json(await updateUser(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, { settings }));
    })
    .post('/profile/uploadAvatar', requireUser, upload, async (c) => {
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new BadRequestError('invalid_multipart');
      }
      return c.json(await uploadAvatar(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, form.get('avatar')));
    })
    .post('/profile/self-exclusion', requireUser, small, async (c) =>
      c.json(await startSelfExclusion(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, await readBody(c, v.unknown()))),
    )
    .post('/profile/self-exclusion/remove', requireUser, async (c) => c.json(await removeSelfExclusion(deps, requestFacts(c, deps), userActor(c.get('actor')).userId)));
}
