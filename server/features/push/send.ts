import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import { users } from '../users/schema.ts';
import type { PushDeps, PushMessage, PushTarget, SendPush } from './deps.ts';
import { encryptPushPayload, MAX_PLAINTEXT_BYTES } from './encrypt.ts';
import { pushSubscriptions } from './schema.ts';
import { vapidAuthorization } from './vapid-jwt.ts';
import { type VapidKeyPair, vapidKeyPair } from './vapid-keys.ts';

/** How long a push service keeps an undelivered message (seconds, RFC 8030 §5.2). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one push service may take to answer. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Deliveries in flight at once for a tenant-wide push. */
const CONCURRENCY = 8;
/** Subscriptions read at a time: a tenant-wide push never holds them all in memory. */
const PAGE_SIZE = 500;

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
type Language = 'pt' | 'en';

/**
 * The push sender: encrypts `message` (RFC 8291, aes128gcm) for each
 * subscription of the target (one player, or every subscribed player of the
 * tenant when `userId` is null), signs each request with the platform's
 * VAPID key (RFC 8292) and POSTs it to the push service. Subscriptions
 * answered 404 or 410 are gone and are deleted. Never throws: every failure
 * is logged, so callers (notifications) are never failed by a push.
 */
export function createPushSender(deps: PushDeps): SendPush {
  const fetcher = deps.fetch ?? globalThis.fetch;
  return async (target: PushTarget, message: PushMessage) => {
    try {
      const payloads = new Map<Language, Buffer>();
      const payloadIn = (language: Language): Buffer => {
        let payload = payloads.get(language);
        if (!payload) payloads.set(language, (payload = pushPayload({ ...message, ...message.translations?.[language] })));
        return payload;
      };
      let keys: VapidKeyPair | null = null;
      for (let after = 0; ; ) {
        const where: SQL[] = [eq(pushSubscriptions.tenantId, target.tenantId), gt(pushSubscriptions.id, after)];
        if (target.userId !== null) where.push(eq(pushSubscriptions.userId, target.userId));
        const page = await deps.db
          .select({ row: pushSubscriptions, language: users.language })
          .from(pushSubscriptions)
          .innerJoin(users, eq(users.id, pushSubscriptions.userId))
          .where(and(...where))
          .orderBy(asc(pushSubscriptions.id))
          .limit(PAGE_SIZE);
        if (page.length === 0) return;
        keys ??= await vapidKeyPair(deps.db);
        const signing = keys;
        const queue = [...page];
        const worker = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await deliver(deps, fetcher, signing, next.row, payloadIn(next.language));
        };
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, page.length) }, worker));
        if (page.length < PAGE_SIZE) return;
        after = page[page.length - 1]!.row.id;
      }
    } catch (error) {
      deps.log.warn(`push: sending to tenant ${target.tenantId} user ${target.userId ?? 'all'} failed`, error);
    }
  };
}

/**
 * The JSON the service worker reads (`{title, body, url?}`). A body too long
 * for one push is shortened with an ellipsis (the notification list keeps
 * the whole text), so a long notification still arrives.
 */
export function pushPayload(message: Omit<PushMessage, 'translations'>): Buffer {
  const encode = (body: string) => Buffer.from(JSON.stringify({ title: message.title, body, ...(message.url ? { url: message.url } : {}) }));
  let chars = Array.from(message.body);
  let payload = encode(message.body);
  while (payload.length > MAX_PLAINTEXT_BYTES && chars.length > 0) {
    chars = chars.slice(0, Math.max(0, chars.length - Math.ceil((payload.length - MAX_PLAINTEXT_BYTES) / 4) - 1));
    payload = encode(`${chars.join('')}…`);
  }
  return payload;
}

async function deliver(deps: PushDeps, fetcher: typeof globalThis.fetch, keys: VapidKeyPair, row: SubscriptionRow, plaintext: Buffer): Promise<void> {
  const now = deps.now ? deps.now() : new Date();
  try {
    const body = encryptPushPayload({ p256dh: row.p256dh, auth: row.auth, plaintext });
    const res = await fetcher(row.endpoint, {
      method: 'POST',
      headers: {
        Authorization: vapidAuthorization({ endpoint: row.endpoint, keys, subject: deps.vapidSubject, now }),
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        TTL: String(PUSH_TTL_SECONDS),
        Urgency: 'normal',
      },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) {
      // The browser unsubscribed or the subscription expired (RFC 8030 §7.3): it will never deliver again.
      await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.endpoint, row.endpoint)));
      return;
    }
    if (!res.ok) {
      deps.log.warn(`push: ${new URL(row.endpoint).host} answered ${res.status} for subscription ${row.id}`);
      return;
    }
    await deps.db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, row.id));
  } catch (error) {
    deps.log.warn(`push: delivery to subscription ${row.id} failed`, error);
  }
}
