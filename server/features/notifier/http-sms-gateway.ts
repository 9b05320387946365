import type { SmsGateway } from './types.ts';

/**
 * An SMS gateway reached over HTTP: `POST url` with JSON
 * `{ to, text, tenant_id }` and, when given, `Authorization: Bearer token`.
 * Any 2xx answer means accepted; anything else (or no answer within
 * `timeoutMs`) rejects. Operators put a small adapter for their provider
 * (Zenvia, Twilio, …) behind this contract.
 */
export function createHttpSmsGateway(opts: { url: string; token?: string | null; timeoutMs?: number; fetch?: typeof fetch }): SmsGateway {
  const doFetch = opts.fetch ?? fetch;
  return {
    async sendSms(message) {
      const response = await doFetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
        body: JSON.stringify({ to: message.to, text: message.text, tenant_id: message.tenantId }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
