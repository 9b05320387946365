import { useEffect, useRef } from 'react';

/**
 * Moves focus to the element when a step appears: the control or heading
 * that replaced the one just removed, so keyboard and screen-reader users
 * are not left on the dialog's edge.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
