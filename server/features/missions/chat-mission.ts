import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { ValidationError } from '../../http/errors.ts';
import { missions } from './schema.ts';

type ChatMissionField = Record<string, string | number | boolean>;

/**
 * An operator chat message's `mission` (the chat's free-form field, spec
 * "Chat message: … mission"): when it names a mission by `id`, that must be
 * one of the tenant's missions — the site shows "Aceitar missão" under the
 * message, which calls `POST /missions/{id}/accept`. The id is stored as a
 * number and a missing `title` becomes the mission's Portuguese title.
 * Without `id` the field is kept as given.
 * @throws ValidationError (422 `mission.id`) for an id that is not one of the tenant's missions.
 */
export async function chatMissionField(db: Db, tenantId: number, field: ChatMissionField): Promise<ChatMissionField> {
  if (field.id === undefined) return field;
  const raw = field.id;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  const [mission] =
    Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
      ? await db
          .select({ title: missions.title })
          .from(missions)
          .where(and(eq(missions.id, id), eq(missions.tenantId, tenantId)))
      : [];
  if (!mission) throw new ValidationError({ 'mission.id': ['missionsApi.validation.chatMission'] });
  const title = typeof field.title === 'string' && field.title.trim() !== '' ? field.title : mission.title.pt;
  return { ...field, id, title };
}
