import type { Credentials } from '../lib/api/headers.ts';
import { readStored } from '../lib/storage.ts';
import { $session } from './session.ts';

/**
 * Who the page's platform calls speak for (spec section 6): the session's
 * token or guest id, plus the stored `lmcp`. Shared by the API client
 * (`api.ts`) and the bare catalogue calls (`catalogue-call.ts`), so both send
 * the same identity.
 */
export function apiCredentials(): Credentials {
  const session = $session.get();
  const lmcp = readStored('lmcp');
  return session.status === 'user'
    ? { token: session.token, guestId: readStored('guest_id') ?? '', lmcp }
    : { token: null, guestId: session.guestId, lmcp };
}
