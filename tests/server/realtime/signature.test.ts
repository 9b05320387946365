import PusherServer from 'pusher';
import { describe, expect, it } from 'vitest';
import { authenticateUser, authorizeChannel } from '../../../server/realtime/index.ts';
import { safeEqual, verifyAuth } from '../../../server/realtime/signature.ts';
import { APP } from './helpers.ts';

const official = new PusherServer({ appId: APP.appId, key: APP.key, secret: APP.secret, host: '127.0.0.1' });

describe('auth signatures', () => {
  it('signs a private channel exactly as the official SDK', () => {
    const ours = authorizeChannel({ secret: APP.secret, key: APP.key, socketId: '123.456', channelName: 'private-universal.42' });
    expect(ours).toEqual(official.authorizeChannel('123.456', 'private-universal.42'));
  });

  it('signs a presence channel with channel_data exactly as the official SDK', () => {
    const member = { user_id: '42', user_info: { name: 'Alice' } };
    const ours = authorizeChannel({ secret: APP.secret, key: APP.key, socketId: '1.2', channelName: 'presence-room', presence: member });
    expect(ours).toEqual(official.authorizeChannel('1.2', 'presence-room', member));
  });

  it('signs a user sign-in exactly as the official SDK', () => {
    const user = { id: '42', user_info: { name: 'Alice' } };
    expect(authenticateUser({ secret: APP.secret, key: APP.key, socketId: '1.2', user })).toEqual(official.authenticateUser('1.2', user));
  });

  it('verifies only the right key, subject and secret', () => {
    const { auth } = authorizeChannel({ secret: APP.secret, key: APP.key, socketId: '1.2', channelName: 'private-a' });
    expect(verifyAuth(auth, '1.2:private-a', APP)).toBe(true);
    expect(verifyAuth(auth, '1.3:private-a', APP)).toBe(false);
    expect(verifyAuth(auth, '1.2:private-a', { ...APP, secret: 'other' })).toBe(false);
    expect(verifyAuth(auth.replace('app-key', 'other-key'), '1.2:private-a', APP)).toBe(false);
    expect(verifyAuth(undefined, '1.2:private-a', APP)).toBe(false);
  });

  it('compares in constant time without throwing on different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
