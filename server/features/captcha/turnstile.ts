/**
 * Checks a Cloudflare Turnstile token: `POST verifyUrl` form-encoded
 * `secret`, `response`, `remoteip`; success only on `{ "success": true }`.
 * Network errors, timeouts and non-2xx answers count as failure (fail closed).
 */
export interface CaptchaVerifier {
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export function createTurnstileVerifier(opts: { verifyUrl: string; secret: string | null; timeoutMs?: number; fetch?: typeof fetch; onError?: (message: string) => void }): CaptchaVerifier {
  const doFetch = opts.fetch ?? fetch;
  return {
    async verify(token, remoteIp) {
      if (!opts.secret) {
        opts.onError?.('captcha: a tenant has a turnstileSiteKey but TURNSTILE_SECRET is not set; refusing');
        return false;
      }
      const form = new URLSearchParams({ secret: opts.secret, response: token });
      if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp);
      try {
        const response = await doFetch(opts.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
        if (!response.ok) {
          opts.onError?.(`captcha: verifier answered ${response.status}`);
          await response.body?.cancel();
          return false;
        }
        const body = (await response.json()) as { success?: unknown };
        return body.success === true;
      } catch (error) {
        opts.onError?.(`captcha: verifier unreachable (${error instanceof Error ? error.message : String(error)})`);
        return false;
      }
    },
  };
}
