import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../../server/config.ts';
import { type AggregatorAdapter, STANDARD_WALLET_SIGNATURE, standardSignatureHeaders } from '../../../../../server/features/casino/aggregators/adapter.ts';
import { createAggregatorRegistry } from '../../../../../server/features/casino/aggregators/registry.ts';
import { signWebhook } from '../../../../../server/features/payments/signature.ts';
import { testConfig } from '../../../helpers/app.ts';

/** A fictional aggregator with its own signature header, to prove the registry uses each adapter's scheme. */
const acme: AggregatorAdapter = {
  name: 'acme',
  signature: {
    id: 'hmac-sha256-hex:X-Acme-Signature',
    verify: (raw, header, secret) => header('x-acme-signature') === signWebhook(raw, secret).slice(7),
  },
  secretFor: (code) => (code === 'spin' ? 'acme-secret-for-spin-0123456789abcdef' : null),
  launcher: (code) => ({ code, launchUrl: ({ game }) => Promise.resolve(`https://games.acme.example/launch/${code}/${game.gameId}`) }),
  frameOrigins: ['https://games.acme.example'],
};
const sandbox: AggregatorAdapter = {
  name: 'sandbox',
  signature: STANDARD_WALLET_SIGNATURE,
  secretFor: () => 'sandbox-secret-0123456789abcdef0123456789',
  launcher: (code) => ({ code, launchUrl: () => Promise.resolve(`/sandbox-aggregator/play?token=${code}`) }),
  frameOrigins: [],
};

const headers = (h: Record<string, string>) => (name: string) => Object.entries(h).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

describe('aggregator registry', () => {
  const registry = createAggregatorRegistry(
    testConfig({
      GAME_PROVIDER_AGGREGATORS: 'spin:acme,jaguar-live:none',
      GAME_PROVIDER_SECRETS: 'direct-co:direct-secret-0123456789abcdef',
    }),
    [sandbox, acme],
  );

  it('maps each provider: its own entry, else direct when it has its own secret, else the default; house stays house', () => {
    expect(['spin', 'jaguar-live', 'direct-co', 'aurora-gaming', 'house'].map((c) => registry.aggregatorOf(c))).toEqual(['acme', 'none', 'none', 'sandbox', 'house']);
  });

  it('launches through the provider’s aggregator; `none` has no launcher (the maintenance state)', async () => {
    expect(registry.launchers.get('house')?.code).toBe('house');
    expect(registry.launchers.get('jaguar-live')).toBeUndefined();
    expect(registry.launchers.get('direct-co')).toBeUndefined();
    const input = { tenant: { id: 1, domain: 'localhost' }, game: { gameId: 'g9' }, providerName: 'Spin', demo: true, userId: null, locale: 'pt' } as never;
    expect(await registry.launchers.get('spin')!.launchUrl(input)).toBe('https://games.acme.example/launch/spin/g9');
    expect(await registry.launchers.get('aurora-gaming')!.launchUrl(input)).toBe('/sandbox-aggregator/play?token=aurora-gaming');
  });

  it('verifies each provider’s wallet calls with its aggregator’s scheme and secret, or the standard scheme for a direct one', () => {
    const body = '{"action":"balance","player_id":1}';
    const spin = registry.walletVerifier('spin')!;
    expect(spin(body, headers({ 'X-Acme-Signature': signWebhook(body, 'acme-secret-for-spin-0123456789abcdef').slice(7) }))).toBe(true);
    expect(spin(body, headers(standardSignatureHeaders(body, 'acme-secret-for-spin-0123456789abcdef')))).toBe(false);
    const aurora = registry.walletVerifier('aurora-gaming')!;
    expect(aurora(body, headers(standardSignatureHeaders(body, 'sandbox-secret-0123456789abcdef0123456789')))).toBe(true);
    expect(aurora(body, headers(standardSignatureHeaders(body, 'direct-secret-0123456789abcdef')))).toBe(false);
    expect(aurora(`${body} `, headers(standardSignatureHeaders(body, 'sandbox-secret-0123456789abcdef0123456789')))).toBe(false);
    // The algorithm is pinned: the same HMAC labelled otherwise is refused.
    const mac = signWebhook(body, 'sandbox-secret-0123456789abcdef0123456789').slice(7);
    expect(aurora(body, headers({ 'X-Webhook-Signature': `sha1=${mac}` }))).toBe(false);
    expect(aurora(body, headers({ 'X-Webhook-Signature': mac }))).toBe(false);
    expect(registry.walletVerifier('direct-co')!(body, headers(standardSignatureHeaders(body, 'direct-secret-0123456789abcdef')))).toBe(true);
    // An acme provider with no configured secret, `none` without a secret and `house` may not call at all.
    expect(createAggregatorRegistry(testConfig({ GAME_AGGREGATOR: 'acme' }), [acme]).walletVerifier('other')).toBeNull();
    expect(registry.walletVerifier('jaguar-live')).toBeNull();
    expect(registry.walletVerifier('house')).toBeNull();
  });

  it('lists the active aggregators and the origins the game page must frame', () => {
    expect(registry.active.map((a) => a.name)).toEqual(['sandbox', 'acme']);
    expect(registry.frameOrigins).toEqual(['https://games.acme.example']);
    expect(createAggregatorRegistry(testConfig({ GAME_AGGREGATOR: 'none' }), [sandbox, acme]).active).toEqual([]);
  });

  it('refuses configuration naming an aggregator no adapter provides, naming the variable', () => {
    expect(() => createAggregatorRegistry(testConfig({ GAME_AGGREGATOR: 'acme' }), [sandbox])).toThrow(ConfigError);
    expect(() => createAggregatorRegistry(testConfig({ GAME_AGGREGATOR: 'acme' }), [sandbox])).toThrow(/GAME_AGGREGATOR names an unknown aggregator "acme" \(known: none, sandbox\)/);
    expect(() => createAggregatorRegistry(testConfig({ GAME_PROVIDER_AGGREGATORS: 'spin:acme' }), [sandbox])).toThrow(/GAME_PROVIDER_AGGREGATORS maps "spin" to an unknown aggregator "acme"/);
  });
});
