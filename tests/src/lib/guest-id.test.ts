import { afterEach, describe, expect, it } from 'vitest';
import { createGuestId, ensureGuestId, isGuestId } from '../../../src/lib/guest-id.ts';
import { readStored, type StorageLike, useStorageBackend, writeStored } from '../../../src/lib/storage.ts';

function mapStorage(): StorageLike {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

afterEach(() => useStorageBackend(undefined));

describe('guest id', () => {
  it("is 'guest-' plus 32 hex characters of crypto randomness", () => {
    const id = createGuestId();
    expect(id).toMatch(/^guest-[0-9a-f]{32}$/);
    expect(createGuestId()).not.toBe(id);
    expect(createGuestId((bytes) => bytes.fill(255))).toBe('guest-' + 'f'.repeat(32));
  });

  it('is created once and stored under guest_id', () => {
    useStorageBackend(mapStorage());
    const first = ensureGuestId();
    expect(readStored('guest_id')).toBe(first);
    expect(ensureGuestId()).toBe(first);
  });

  it('replaces a stored value that is not a guest id', () => {
    useStorageBackend(mapStorage());
    writeStored('guest_id', 'hacked value');
    const id = ensureGuestId();
    expect(isGuestId(id)).toBe(true);
    expect(readStored('guest_id')).toBe(id);
  });
});
