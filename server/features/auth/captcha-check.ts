import { ValidationError } from '../../http/errors.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';

/** Whether the tenant shows the captcha step (it has a Turnstile site key). */
export function captchaRequired(facts: RequestFacts): boolean {
  return Boolean(facts.tenant.config.turnstileSiteKey);
}

/** @throws 422 `errors.captcha_token: validation.captcha` when the tenant requires a captcha and `token` fails verification. */
export async function assertCaptcha(deps: AccountsDeps, facts: RequestFacts, token: string | undefined): Promise<void> {
  if (!captchaRequired(facts)) return;
  if (!token || !(await deps.captcha.verify(token, facts.ip))) throw new ValidationError({ captcha_token: ['validation.captcha'] });
}
