import { describe, expect, it } from 'vitest';
import { ConfigError, getConfig } from '../../../server/config.ts';
import { DEFAULT_LIMITS } from '../../../server/realtime/index.ts';

describe('realtime limits configuration', () => {
  it('defaults to the documented limits', () => {
    expect(getConfig({}).realtimeLimits).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toEqual({
      messageBytes: 10_240,
      clientEventsPerSecond: 10,
      channelsPerConnection: 100,
      presenceMembers: 10_000,
      connectionsPerIpPerSecond: 50,
    });
  });

  it('reads each variable and refuses zero or words', () => {
    const config = getConfig({
      REALTIME_MAX_MESSAGE_BYTES: '2048',
      REALTIME_CLIENT_EVENTS_PER_SECOND: '5',
      REALTIME_MAX_CHANNELS_PER_CONNECTION: '20',
      REALTIME_MAX_PRESENCE_MEMBERS: '300',
      REALTIME_CONNECTIONS_PER_IP_PER_SECOND: '200',
    });
    expect(config.realtimeLimits).toEqual({
      messageBytes: 2048,
      clientEventsPerSecond: 5,
      channelsPerConnection: 20,
      presenceMembers: 300,
      connectionsPerIpPerSecond: 200,
    });
    expect(() => getConfig({ REALTIME_MAX_PRESENCE_MEMBERS: '0' })).toThrow(ConfigError);
    expect(() => getConfig({ REALTIME_CLIENT_EVENTS_PER_SECOND: 'lots' })).toThrow(/REALTIME_CLIENT_EVENTS_PER_SECOND/);
  });
});
