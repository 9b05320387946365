import { useEffect, useState } from 'react';

/**
 * Animation step for revealing a result the server already decided: counts
 * 0 … `steps` once per new `key`, every `intervalMs`. Users who prefer reduced
 * motion get the last step at once.
 */
export function useReveal(key: number | null, steps: number, intervalMs: number): number {
  const [step, setStep] = useState(steps);
  useEffect(() => {
    if (key === null) return;
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced || steps === 0) {
      setStep(steps);
      return;
    }
    setStep(0);
    let current = 0;
    const timer = setInterval(() => {
      current += 1;
      setStep(current);
      if (current >= steps) clearInterval(timer);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [key, steps, intervalMs]);
  return step;
}
