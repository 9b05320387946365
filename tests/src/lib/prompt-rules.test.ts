import { describe, expect, it } from 'vitest';
import { promptSchedule, readPromptTime, withinPrompt, writePromptTime, type PromptCheck } from '../../../src/lib/prompt-rules.ts';
import { fakeTime } from '../stores/fake-time.ts';

/** The prompt-timing rules the push and install modals share (src/lib/prompt-rules.ts). */

const refusing = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('quota');
  },
  removeItem: () => undefined,
};

describe('prompt rules', () => {
  it('reads a stored time, ignores junk, and survives a storage that refuses', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: () => undefined };
    expect(readPromptTime(storage, 'closedAt')).toBeNull();
    writePromptTime(storage, 'closedAt', 1234);
    expect(readPromptTime(storage, 'closedAt')).toBe(1234);
    stored.set('closedAt', 'not a time');
    expect(readPromptTime(storage, 'closedAt')).toBeNull();
    expect(readPromptTime(refusing, 'closedAt')).toBeNull();
    expect(() => writePromptTime(refusing, 'closedAt', 1)).not.toThrow();
  });

  it('within: null is never recent; the window is open at its end', () => {
    expect(withinPrompt(1000, null, 500)).toBe(false);
    expect(withinPrompt(1000, 600, 500)).toBe(true);
    expect(withinPrompt(1000, 500, 500)).toBe(false);
  });

  it('re-checks while busy, waits out a time given by the rules plus the delay, and stops on a rule', () => {
    const time = fakeTime(0);
    let check: PromptCheck = 'busy';
    let opened = 0;
    const schedule = promptSchedule({ clock: () => ({ ...time, storage: refusing }), check: () => check, readyAt: (busy) => busy + 5000, open: () => opened++ });
    schedule.start(1000);
    time.advance(10_000);
    expect(opened).toBe(0);
    check = 20_000;
    time.advance(1000);
    check = null;
    time.advance(20_000 + 4999 - time.now());
    expect(opened).toBe(0);
    time.advance(1);
    expect(opened).toBe(1);
    check = 'stop';
    schedule.start(1000);
    time.advance(60_000);
    expect(opened).toBe(1);
    expect(time.pending()).toBe(0);
  });
});
