import { atom, type ReadableAtom } from 'nanostores';

/**
 * A "resend in N s" countdown (spec section 9: 20 s verification-code resend
 * wait). `start(seconds)` (re)starts it; the value is the whole seconds left,
 * 0 when the action is allowed again.
 */
export interface Countdown {
  readonly $seconds: ReadableAtom<number>;
  start(seconds: number): void;
  stop(): void;
}

export function createCountdown(now: () => number = () => Date.now()): Countdown {
  const $seconds = atom(0);
  let timer: ReturnType<typeof setInterval> | undefined;
  let endsAt = 0;
  const stop = (): void => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    $seconds.set(0);
  };
  const tick = (): void => {
    const left = Math.max(0, Math.ceil((endsAt - now()) / 1000));
    $seconds.set(left);
    if (left === 0) stop();
  };
  return {
    $seconds,
    start(seconds) {
      if (timer !== undefined) clearInterval(timer);
      endsAt = now() + Math.max(0, seconds) * 1000;
      timer = setInterval(tick, 250);
      tick();
    },
    stop,
  };
}
