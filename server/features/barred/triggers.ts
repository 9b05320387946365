import { and, eq } from 'drizzle-orm';
import type { MessageLocale } from '../../http/messages.ts';
import type { UserRow } from '../users/schema.ts';
import type { BarredDeps } from './deps.ts';
import { saoPauloDay } from './days.ts';
import { BarredCheckUnavailableError, RegistrationBarredError } from './errors.ts';
import { recordAnswer } from './record-check.ts';
import { barredChecks } from './schema.ts';
import { SigapUnavailableError } from './sigap-client.ts';

/**
 * Registration's check (before the account is made): a barred CPF cannot
 * register. Fails CLOSED: when the regulator cannot be reached nobody
 * registers with a CPF (503, "try again later"), since an account once
 * made could deposit before any other check. Registration without a CPF
 * (tenants with `registerCPF` off) and SIGAP_PROVIDER=none check nothing.
 * @throws RegistrationBarredError 403 `cpf_barred` (also on `errors.cpf`, in `locale`).
 * @throws BarredCheckUnavailableError 503 `barred_check_unavailable` (also on `errors.barred_check`).
 */
export async function assertMayRegister(deps: BarredDeps | undefined, cpf: string | null | undefined, locale: MessageLocale): Promise<void> {
  if (!deps?.sigap || !cpf) return;
  let barred: boolean;
  try {
    barred = (await deps.sigap.check([cpf])).get(cpf)?.barred ?? false;
  } catch (error) {
    if (!(error instanceof SigapUnavailableError)) throw error;
    deps.log.warn(`barred: registration refused, ${error.message}`);
    throw new BarredCheckUnavailableError(locale);
  }
  if (barred) throw new RegistrationBarredError(locale);
}

/**
 * The first login of each day (America/Sao_Paulo) checks the player's CPF
 * again: barred → the login goes on, but bets and deposits are refused from
 * now on and the player is notified; a lifted bar is lifted. Later logins
 * that day check nothing (`checked_on`). Fails OPEN: when the regulator
 * cannot be reached the login goes on and nothing is recorded, so the next
 * login tries again (the 15-day sweep is the backstop). A player without a
 * CPF has nothing to check.
 */
export async function checkAtLogin(deps: BarredDeps | undefined, user: Pick<UserRow, 'id' | 'tenantId' | 'cpf'>): Promise<void> {
  if (!deps?.sigap || !user.cpf) return;
  const now = deps.now();
  const [row] = await deps.db
    .select({ checkedOn: barredChecks.checkedOn })
    .from(barredChecks)
    .where(and(eq(barredChecks.userId, user.id), eq(barredChecks.tenantId, user.tenantId)));
  if (row?.checkedOn === saoPauloDay(now)) return;
  let answer;
  try {
    answer = (await deps.sigap.check([user.cpf])).get(user.cpf);
  } catch (error) {
    if (!(error instanceof SigapUnavailableError)) throw error;
    deps.log.warn(`barred: login of player ${user.id} not checked, retried at the next login (${error.message})`);
    return;
  }
  if (answer) await recordAnswer(deps, { tenantId: user.tenantId, userId: user.id }, 'login', answer, now);
}
