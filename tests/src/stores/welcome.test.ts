// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { signInPlayer } from './wallet/fake-api.ts';

describe('the welcome after sign-up', () => {
  it('greets by first name, and keeps the push modal away while shown', async () => {
    vi.resetModules();
    localStorage.clear();
    signInPlayer();
    const welcome = await import('../../../src/stores/welcome.ts');
    const push = await import('../../../src/stores/push.ts');
    push.configurePush({ supported: () => true, permission: () => 'default' });
    expect(push.pushModalBlocker()).toBeNull();

    welcome.welcomeNewPlayer({ name: 'Maria Silva', first_name: 'Maria' });
    expect(welcome.$welcome.get()).toEqual({ shown: true, name: 'Maria' });
    expect(push.pushModalBlocker()).toBe('otherModal');

    welcome.dismissWelcome();
    expect(welcome.$welcome.get()).toEqual({ shown: false });
    expect(push.pushModalBlocker()).toBeNull();
  });

  it('falls back to the first word of the name', async () => {
    const welcome = await import('../../../src/stores/welcome.ts');
    welcome.welcomeNewPlayer({ name: '  João  Pereira ' });
    expect(welcome.$welcome.get()).toEqual({ shown: true, name: 'João' });
  });
});
