import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CHAT_IMAGE_MAX_BYTES } from '../../src/contract/chat.ts';
import { DOCUMENT_MAX_BYTES } from '../../src/contract/documents.ts';
import { SITE_FILE_MAX_BYTES } from '../../src/contract/site-files.ts';
import { CATALOGUE_MAX_BODY_BYTES } from '../features/casino/operator-routes.ts';
import { AVATAR_MAX_BYTES } from '../features/profile/upload-avatar.ts';
import { DOCUMENT_MESSAGES } from '../features/documents/messages.ts';
import { SITE_FILE_MESSAGES } from '../features/site-files/messages.ts';
import { DomainError } from './errors.ts';
import type { LocalizedText } from './messages.ts';

const KB = 1024;
const MB = 1024 * KB;

/** What any API call may send unless listed below: every JSON form and webhook of the API fits easily. */
export const DEFAULT_BODY_LIMIT = 64 * KB;

/**
 * The calls that legitimately send more. Each is at least the limit its own
 * route applies (the route's check then answers with its own message, e.g.
 * "the image must be at most 2 MB").
 */
const LARGER_BODIES: ReadonlyArray<{ methods: readonly string[]; path: RegExp; maxSize: number; message?: LocalizedText }> = [
  // Room for the multipart envelope around a 2 MB file.
  { methods: ['POST'], path: /^\/api\/profile\/uploadAvatar$/, maxSize: AVATAR_MAX_BYTES + 64 * KB },
  { methods: ['POST'], path: /^\/api\/chat\/attachments$/, maxSize: CHAT_IMAGE_MAX_BYTES + 64 * KB },
  // An identity document (8 MB) in its envelope; past it the answer says the document's limit, not the generic one.
  { methods: ['POST'], path: /^\/api\/documents\/upload$/, maxSize: DOCUMENT_MAX_BYTES + 64 * KB, message: DOCUMENT_MESSAGES.tooLarge },
  { methods: ['POST'], path: /^\/api\/operator\/catalogue$/, maxSize: CATALOGUE_MAX_BODY_BYTES },
  // A site image is the body itself (no envelope): past its limit the answer says the image's limit.
  { methods: ['POST'], path: /^\/api\/operator\/site-files$/, maxSize: SITE_FILE_MAX_BYTES, message: SITE_FILE_MESSAGES.tooLarge },
  // A page's HTML may have 200,000 characters, up to 6 bytes each once JSON-escaped.
  { methods: ['PUT'], path: /^\/api\/operator\/pages\/[^/]+\/[^/]+\/[^/]+$/, maxSize: 1.5 * MB },
  { methods: ['PUT', 'PATCH'], path: /^\/api\/operator\/site-config$/, maxSize: 256 * KB },
  // A PSP may batch many Pix notifications in one webhook.
  { methods: ['POST'], path: /^\/api\/pix\/webhook(\/payouts)?$/, maxSize: 1 * MB },
];

/** The most bytes a `method path` call may send. */
export function bodyLimitFor(method: string, path: string): number {
  return largerBody(method, path)?.maxSize ?? DEFAULT_BODY_LIMIT;
}

function largerBody(method: string, path: string) {
  return LARGER_BODIES.find((r) => r.methods.includes(method) && r.path.test(path));
}

const limiters = new Map<string, MiddlewareHandler>();
function limiter(maxSize: number, message?: LocalizedText): MiddlewareHandler {
  const key = `${maxSize}:${message?.en ?? ''}`;
  let found = limiters.get(key);
  if (!found) {
    found = bodyLimit({
      maxSize,
      onError: () => {
        throw new DomainError('body_too_large', 413, undefined, message ? { message } : {});
      },
    });
    limiters.set(key, found);
  }
  return found;
}

/**
 * Refuses with 413 (the catalogue's localized "request too large") any API
 * body over its call's limit before a route reads it: at once from a
 * declared Content-Length (Node's parser never delivers more than it
 * declares), else while streaming, so at most the limit is ever held.
 */
export const apiBodyLimit: MiddlewareHandler = (c, next) => {
  // A GET or HEAD has no body for the app (the Node adapter never attaches one, and fetch forbids it): nothing to limit. Asking
  // for the body anyway would make the adapter build a full fetch Request per call, a fifth of a lobby call's CPU.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const larger = largerBody(c.req.method, c.req.path);
  return limiter(larger?.maxSize ?? DEFAULT_BODY_LIMIT, larger?.message)(c, next);
};
