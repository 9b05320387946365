import { useEffect, useRef } from 'react';
import { focusSoon } from '../components/focus.ts';

/**
 * After the pager or a list link changed what a history table shows (not
 * when the screen opens), the keyboard and the view go to the table's
 * heading (`selector`) instead of the top of the screen, where the in-app
 * link put them: on the Ranks and Cashback screens the table is below a long form.
 */
export function useFocusOnChange(key: string | number, selector: string): void {
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    focusSoon(selector);
  }, [key, selector]);
}
