import { join } from 'node:path';
import { CHAT_IMAGE_MAX_BYTES, CHAT_UPLOAD_RATE_LIMITS, type PostChatAttachmentAnswer } from '../../../src/contract/chat.ts';
import type { Actor, TenantContext } from '../../http/context.ts';
import { UnauthorizedError, ValidationError } from '../../http/errors.ts';
import { type AvatarExtension, sniffImageType } from '../avatars/sniff.ts';
import { type AvatarStore, createAvatarStore } from '../avatars/store.ts';
import { enforceRateLimits, type LimitedChatDeps } from './deps.ts';
import { CHAT_KEYS } from './messages.ts';

/** Where uploaded chat images live and the API base their public URLs start with. */
export interface ChatImageDeps {
  /** Files under random names (`{DATA_DIR}/chat-images`), the avatar store on its own folder. */
  images: AvatarStore;
  /** PUBLIC_API_URL: `/api` (same site) or an absolute `https://…/api`. */
  apiBase: string;
}

/** Sniffed types a chat image may have: no SVG (it can carry script), no BMP. */
const CHAT_IMAGE_EXTENSIONS: ReadonlySet<AvatarExtension> = new Set(['png', 'jpg', 'gif', 'webp']);

/** Multipart field of `POST /chat/attachments`. */
export const CHAT_IMAGE_FIELD = 'image';

/** Rate-limit keys of uploads: per tenant and player, apart from posting. */
const chatUploadRateKey = {
  perMinute: (tenantId: number, userId: number) => `chat-upload-minute:${tenantId}:${userId}`,
  perHour: (tenantId: number, userId: number) => `chat-upload-hour:${tenantId}:${userId}`,
};

/** The store of chat images: the avatar store on `{dataDir}/chat-images`. */
export function chatImageStore(dataDir: string): AvatarStore {
  return createAvatarStore(join(dataDir, 'chat-images'));
}

/** The stored file an attachment URL of ours names (`…/chat/attachments/{file}`), or null for any other URL. */
export function chatImageFile(url: string): string | null {
  return /\/chat\/attachments\/([0-9a-f]{32}\.(?:png|jpg|gif|webp))$/.exec(url)?.[1] ?? null;
}

/** Public URL of a stored chat image: `{apiBase}/chat/attachments/{file}`. */
export function chatImageUrl(apiBase: string, file: string): string {
  return `${apiBase.replace(/\/+$/, '')}/chat/attachments/${file}`;
}

const invalid = (key: string) => new ValidationError({ [CHAT_IMAGE_FIELD]: [key] });

/**
 * `POST /chat/attachments` (multipart field `image`): a player's image for
 * a later message. The type is sniffed from the bytes (the client's name
 * and Content-Type are ignored); png, jpeg, gif and webp up to 2 MB are
 * stored under a random name. Refused uploads store nothing and do not
 * count against the rate limit.
 * @throws UnauthorizedError (401) for guests; ValidationError (422, field
 * `image`) for a missing, too large or unsupported file; DomainError 429
 * (`retry_in`) past 5 uploads a minute or 30 an hour.
 */
export async function uploadChatImage(
  deps: LimitedChatDeps & ChatImageDeps,
  ctx: { tenant: TenantContext; actor: Actor | null },
  file: unknown,
): Promise<PostChatAttachmentAnswer> {
  if (ctx.actor?.kind !== 'user') throw new UnauthorizedError();
  if (!(file instanceof File) || file.size === 0) throw invalid(CHAT_KEYS.imageMissing);
  if (file.size > CHAT_IMAGE_MAX_BYTES) throw invalid(CHAT_KEYS.imageTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type || !CHAT_IMAGE_EXTENSIONS.has(type)) throw invalid(CHAT_KEYS.imageType);

  const tenantId = ctx.tenant.id;
  const userId = ctx.actor.userId;
  await enforceRateLimits(deps.limiter, 'chat_upload_rate_limited', [
    [chatUploadRateKey.perMinute(tenantId, userId), CHAT_UPLOAD_RATE_LIMITS.perMinute],
    [chatUploadRateKey.perHour(tenantId, userId), CHAT_UPLOAD_RATE_LIMITS.perHour],
  ]);

  const stored = await deps.images.save(bytes, type);
  deps.log.debug(`chat: player ${userId} of tenant ${tenantId} uploaded image ${stored}`);
  return { attachment_type: 'image', attachment_url: chatImageUrl(deps.apiBase, stored) };
}
