import type { UserResponse } from '../../../src/contract/auth.ts';
import { UnauthorizedError, ValidationError } from '../../http/errors.ts';
import type { AccountsDeps, RequestFacts } from '../auth/deps.ts';
import { updateUser } from '../auth/update-user.ts';
import { sniffImageType } from '../avatars/sniff.ts';
import { rasteriseSvg } from '../avatars/rasterise-svg.ts';
import { unsafeSvgReason } from '../avatars/svg-safety.ts';
import { findUserById } from '../users/find-user.ts';
import { PROFILE_MESSAGES } from './messages.ts';

/** Section 5 size limit of avatars. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * `POST /profile/uploadAvatar` (multipart field `avatar`): the type is
 * sniffed from the bytes (the client's name and Content-Type are ignored);
 * SVGs with scripts, handlers or external references are refused, and the
 * others stored as the PNG they draw (no SVG markup is ever kept). The file
 * is stored under a random name and the previous avatar deleted.
 * @throws 422 `errors.avatar` for a missing, too large, unsupported or unsafe file.
 */
export async function uploadAvatar(deps: AccountsDeps, facts: RequestFacts, userId: number, file: unknown): Promise<UserResponse> {
  const fail = (message: keyof typeof PROFILE_MESSAGES) => new ValidationError({ avatar: [PROFILE_MESSAGES[message][facts.locale]] });
  if (!(file instanceof File) || file.size === 0) throw fail('avatarMissing');
  if (file.size > AVATAR_MAX_BYTES) throw fail('avatarTooLarge');
  const uploaded = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffImageType(uploaded);
  if (!sniffed) throw fail('avatarType');
  let bytes: Uint8Array = uploaded;
  let type = sniffed;
  if (sniffed === 'svg') {
    const reason = unsafeSvgReason(uploaded);
    const png = reason ? null : await rasteriseSvg(uploaded);
    if (!png) {
      deps.log.info(`avatar: refused SVG of user ${userId} (${reason ?? 'cannot be drawn'})`);
      throw fail('avatarUnsafeSvg');
    }
    bytes = png;
    type = 'png';
  }
  const user = await findUserById(deps.db, facts.tenant.id, userId);
  if (!user) throw new UnauthorizedError();
  const name = await deps.avatars.save(bytes, type);
  const answer = await updateUser(deps, facts, userId, { avatar: name });
  if (user.avatar) await deps.avatars.remove(user.avatar);
  return answer;
}
