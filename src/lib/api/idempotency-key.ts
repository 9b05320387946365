/**
 * A fresh `Idempotency-Key` for one player action (a click on "Gerar Pix",
 * "Sacar", "Sim, cancelar", "Jogar"): the API client repeats the call with it
 * after a network failure, and the platform then answers the first result
 * instead of moving money twice. A random UUID; pages outside a secure
 * context (no `crypto.randomUUID`) get 128 random bits in hex.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
