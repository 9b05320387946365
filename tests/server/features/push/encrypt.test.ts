import { describe, expect, it } from 'vitest';
import { encryptPushPayload, MAX_PLAINTEXT_BYTES } from '../../../../server/features/push/encrypt.ts';
import { decryptPush, newSubscriber } from './local-push-service.ts';

describe('encryptPushPayload (RFC 8291, aes128gcm)', () => {
  it('reproduces the example message of RFC 8291 section 5 byte for byte', () => {
    const out = encryptPushPayload({
      p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
      plaintext: Buffer.from('When I grow up, I want to be a watermelon'),
      salt: Buffer.from('DGv6ra1nlYgDCS1FRnbzlw', 'base64url'),
      senderPrivateKey: Buffer.from('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw', 'base64url'),
    });
    expect(out.toString('base64url')).toBe(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
  });

  it('uses a fresh salt and key per message, each decrypting to the plaintext', () => {
    const subscriber = newSubscriber();
    const plaintext = Buffer.from(JSON.stringify({ title: 'Olá', body: 'ação' }));
    const a = encryptPushPayload({ p256dh: subscriber.p256dh, auth: subscriber.auth, plaintext });
    const b = encryptPushPayload({ p256dh: subscriber.p256dh, auth: subscriber.auth, plaintext });
    expect(a.equals(b)).toBe(false);
    expect(decryptPush(a, subscriber)).toBe(plaintext.toString());
    expect(decryptPush(b, subscriber)).toBe(plaintext.toString());
  });

  it('refuses a plaintext larger than one record', () => {
    const subscriber = newSubscriber();
    expect(() => encryptPushPayload({ p256dh: subscriber.p256dh, auth: subscriber.auth, plaintext: Buffer.alloc(MAX_PLAINTEXT_BYTES + 1) })).toThrow(/exceeds/);
  });
});

describe('pushPayload', () => {
  it('keeps short messages whole and shortens a long body to fit one push', async () => {
    const { pushPayload } = await import('../../../../server/features/push/send.ts');
    expect(JSON.parse(pushPayload({ title: 'T', body: 'B', url: '/x' }).toString())).toEqual({ title: 'T', body: 'B', url: '/x' });
    const long = pushPayload({ title: 'Aviso', body: 'ç'.repeat(5000) });
    expect(long.length).toBeLessThanOrEqual(MAX_PLAINTEXT_BYTES);
    const parsed = JSON.parse(long.toString()) as { title: string; body: string };
    expect(parsed.title).toBe('Aviso');
    expect(parsed.body.endsWith('…')).toBe(true);
    expect(parsed.body.length).toBeGreaterThan(1000);
  });
});
