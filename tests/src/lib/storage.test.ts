import { afterEach, describe, expect, it } from 'vitest';
import { readStored, removeStored, type StorageLike, useStorageBackend, writeStored } from '../../../src/lib/storage.ts';

function mapStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

afterEach(() => useStorageBackend(undefined));

describe('typed storage', () => {
  it('stores strings raw and structured values as JSON under the spec keys', () => {
    const storage = mapStorage();
    useStorageBackend(storage);
    writeStored('auth', 'tok-1');
    writeStored('ageVerified', true);
    writeStored('user', { id: 7, name: 'Ana' });
    expect(storage.data.get('auth')).toBe('tok-1');
    expect(storage.data.get('ageVerified')).toBe('true');
    expect(readStored('user')).toEqual({ id: 7, name: 'Ana' });
    expect(readStored('ageVerified')).toBe(true);
    removeStored('auth');
    expect(readStored('auth')).toBeNull();
  });

  it('returns null for a malformed stored user instead of throwing', () => {
    const storage = mapStorage();
    useStorageBackend(storage);
    storage.data.set('user', '{not json');
    expect(readStored('user')).toBeNull();
    storage.data.set('user', '{"id":"7"}');
    expect(readStored('user')).toBeNull();
  });

  it('keeps working in memory when storage throws (private mode, blocked storage)', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    useStorageBackend(broken);
    writeStored('guest_id', 'guest-0123456789abcdef');
    expect(readStored('guest_id')).toBe('guest-0123456789abcdef');
    removeStored('guest_id');
    expect(readStored('guest_id')).toBeNull();
  });

  it('works without any localStorage global (server-side or worker)', () => {
    expect(globalThis.localStorage).toBeUndefined();
    writeStored('ref', 'ABC');
    expect(readStored('ref')).toBe('ABC');
  });
});
