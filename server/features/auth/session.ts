import { barredStatus } from '../barred/enforce.ts';
import type { UserRow } from '../users/schema.ts';
import { issueAccessToken, TOKEN_TTL_MS } from '../users/tokens.ts';
import { toAuthUser } from '../users/present.ts';
import { getWallet, toWalletView } from '../wallet/wallet.ts';
import type { AuthSessionResponse } from '../../../src/contract/auth.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';

/** Starts a session for `user`: a new bearer token expiring in 30 days (and after 30 idle minutes), recording the IP and browser it was started from. */
export async function startSession(deps: AccountsDeps, user: UserRow, facts: Pick<RequestFacts, 'ip' | 'userAgent'>): Promise<AuthSessionResponse> {
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
  const { token } = await issueAccessToken(deps.db, { userId: user.id, tenantId: user.tenantId, expiresAt, now, ip: facts.ip, userAgent: facts.userAgent });
  return { data: await present(deps, user, now), token };
}

/** The user object for `user` at the deps' clock, with the player's current wallet and the regulator's bar (the site's banner). */
export async function present(deps: AccountsDeps, user: UserRow, now: Date = deps.now()) {
  const wallet = toWalletView(await getWallet(deps.db, user.tenantId, user.id));
  const barred = await barredStatus(deps.db, { tenantId: user.tenantId, userId: user.id }, now);
  return toAuthUser(user, { apiBase: deps.config.publicApiUrl, now, wallet, barred });
}
