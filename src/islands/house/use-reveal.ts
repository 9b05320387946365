import { useEffect, useRef, useState } from 'react';

/** Steps of the animation clock; the shown progress is computed from elapsed time, so throttled timers only skip frames. */
const FRAME_MS = 16;

/** The visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Progress (0 … 1) of revealing a result the server already decided: runs
 * once per `key` over `durationMs` while `active`, then calls `onDone`
 * once. Not active (the round was already shown, or a new play cut it short)
 * → 1 at once. Users who prefer reduced motion get 1 at once, and `onDone`
 * on the first effect. A new key starts at 0 on its first render, so the
 * previous round's final frame never spoils the new one.
 */
export function useReveal(key: number | null, durationMs: number, active: boolean, onDone: () => void): number {
  const [state, setState] = useState({ key, progress: 0 });
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (key === null || !active) return;
    if (prefersReducedMotion() || durationMs <= 0) {
      setState({ key, progress: 1 });
      done.current();
      return;
    }
    const start = performance.now();
    setState({ key, progress: 0 });
    const timer = setInterval(() => {
      const progress = Math.min(1, (performance.now() - start) / durationMs);
      setState({ key, progress });
      if (progress >= 1) {
        clearInterval(timer);
        done.current();
      }
    }, FRAME_MS);
    return () => clearInterval(timer);
  }, [key, durationMs, active]);
  if (!active) return 1;
  if (state.key !== key) return prefersReducedMotion() ? 1 : 0;
  return state.progress;
}
