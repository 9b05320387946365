import { signWebhook, verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../payments/signature.ts';
import type { GameLauncher } from '../providers.ts';

/** Reads one header of the incoming call (case-insensitive), undefined when absent. */
export type HeaderReader = (name: string) => string | undefined;

/**
 * How an aggregator signs the seamless-wallet calls it makes
 * (`POST /api/providers/{code}/wallet`). The platform checks every call
 * with it before reading the body: the raw bytes as received, the headers,
 * and the provider's secret.
 */
export interface WalletSignatureScheme {
  /** What the scheme is, for logs and docs: algorithm, encoding and header. */
  id: string;
  /** True only for a call signed with `secret`; compared in constant time. */
  verify(rawBody: string, header: HeaderReader, secret: string): boolean;
}

/**
 * The platform's own scheme, the PSP webhooks' one:
 * `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body>`. The
 * algorithm is pinned (a `sha1=` or bare hex header is refused), so a
 * caller cannot pick a weaker one.
 */
export const STANDARD_WALLET_SIGNATURE: WalletSignatureScheme = {
  id: 'hmac-sha256-hex:X-Webhook-Signature',
  verify: (rawBody, header, secret) => verifyWebhook(rawBody, header(WEBHOOK_SIGNATURE_HEADER), secret),
};

/** The headers of a call signed with the standard scheme (what the sandbox aggregator sends). */
export function standardSignatureHeaders(rawBody: string, secret: string): Record<string, string> {
  return { [WEBHOOK_SIGNATURE_HEADER]: signWebhook(rawBody, secret) };
}

/**
 * A game aggregator as the platform sees it: where its games load (one
 * launcher per provider code it serves) and how its wallet calls are
 * signed. Adding a real aggregator is one object of this shape plus
 * configuration (docs/casino.md, "Aggregators").
 */
export interface AggregatorAdapter {
  /** The name configuration uses (GAME_AGGREGATOR, GAME_PROVIDER_AGGREGATORS), e.g. `sandbox`. */
  name: string;
  signature: WalletSignatureScheme;
  /** The key provider `code`'s wallet calls are signed with; null when none is configured (its calls are then refused). */
  secretFor(code: string): string | null;
  /** The launch side for provider `code`: the URL the game page frames. */
  launcher(code: string): GameLauncher;
  /** Absolute origins its game pages load from, which the platform's game page must be allowed to frame (CSP `frame-src`). */
  frameOrigins: readonly string[];
}
