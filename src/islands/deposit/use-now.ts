import { useEffect, useState } from 'react';

/** `Date.now()`, re-read every `intervalMs` while the component is shown (drives the countdown display). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
