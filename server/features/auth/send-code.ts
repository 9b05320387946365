import { DomainError } from '../../http/errors.ts';
import { tooManyAttempts } from '../rate-limit/errors.ts';
import { perIpRule, RATE_RULES, rateKey } from '../rate-limit/rules.ts';
import { type CodeTarget, issueCode } from './codes.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';
import { AUTH_MESSAGES, fill } from './messages.ts';

/** Spec section 8 wording when an SMS cannot be delivered. */
const DELIVERY_FAILED = { pt: 'Não foi possível validar o seu telefone', en: 'We could not verify your phone' };

/**
 * Counts a code request against the per-IP and per-destination limits.
 * @throws 429 `{retry_in}` when either is exhausted.
 */
export async function limitCodeRequests(deps: AccountsDeps, facts: RequestFacts, destination: string): Promise<void> {
  const byIp = await deps.limiter.hit(rateKey.codesIp(facts.tenant.id, facts.ip), perIpRule(RATE_RULES.codesPerIp, deps.config.ipRateLimitScale));
  if (byIp.blocked) throw tooManyAttempts(byIp.retryIn);
  const byDestination = await deps.limiter.hit(rateKey.codesDestination(facts.tenant.id, destination), RATE_RULES.codesPerDestination);
  if (byDestination.blocked) throw tooManyAttempts(byDestination.retryIn);
}

/**
 * Issues a code for `target` and delivers it by SMS or e-mail in the
 * caller's language, signed with the tenant's site title.
 * @throws 429 inside the 20 s resend wait; 502 when the transport fails.
 */
export async function sendCode(
  deps: AccountsDeps,
  facts: RequestFacts,
  input: { target: CodeTarget; userId: number | null; channel: 'sms' | 'email'; destination: string },
): Promise<void> {
  const code = await issueCode(deps.db, { ...input, now: deps.now() });
  const vars = { brand: facts.tenant.config.siteTitle, code };
  try {
    await deps.notifier.send(
      input.channel === 'sms'
        ? { channel: 'sms', to: input.destination, text: fill(AUTH_MESSAGES.codeSms[facts.locale], vars), tenantId: facts.tenant.id }
        : {
            channel: 'email',
            to: input.destination,
            subject: fill(AUTH_MESSAGES.codeEmailSubject[facts.locale], vars),
            text: fill(AUTH_MESSAGES.codeEmailText[facts.locale], vars),
            tenantId: facts.tenant.id,
          },
    );
  } catch (error) {
    deps.log.error(`notifier: ${input.channel} to tenant ${facts.tenant.id} failed`, error);
    throw new DomainError('code_delivery_failed', 502, undefined, { message: DELIVERY_FAILED });
  }
}
