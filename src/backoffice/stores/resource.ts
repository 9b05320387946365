import { atom, type WritableAtom } from 'nanostores';
import { BackofficeError } from '../api.ts';

/** A screen's data as it loads: the last good value stays while a reload runs, and a refusal is kept to show. */
export interface Resource<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

export function resource<T>(): WritableAtom<Resource<T>> {
  return atom<Resource<T>>({ loading: false, data: null, error: null });
}

const messageOf = (error: unknown) => (error instanceof BackofficeError ? error.message : String(error));

/** Runs `load` into `store`, dropping an answer a newer load has overtaken. */
export function loader<T>(store: WritableAtom<Resource<T>>): (load: () => Promise<T>) => Promise<void> {
  let latest = 0;
  return async (load) => {
    const ticket = ++latest;
    store.set({ ...store.get(), loading: true, error: null });
    try {
      const data = await load();
      if (ticket === latest) store.set({ loading: false, data, error: null });
    } catch (error) {
      if (ticket === latest) store.set({ ...store.get(), loading: false, error: messageOf(error) });
    }
  };
}

/** An action's outcome for the screen's live region: done (with a text) or refused (with the platform's message). */
export interface Outcome {
  ok: boolean;
  text: string;
}

export const $outcome = atom<Outcome | null>(null);
/** The fields the last refused action named (`email`, `colors.primary`…); the screen says what is wrong with each in its own words. */
export const $fieldErrors = atom<Record<string, string[]>>({});

/** Runs an action and reports it in `$outcome` (and its refused fields in `$fieldErrors`); answers whether it succeeded. */
export async function act(work: () => Promise<unknown>, done: string): Promise<boolean> {
  $outcome.set(null);
  $fieldErrors.set({});
  try {
    await work();
    $outcome.set({ ok: true, text: done });
    return true;
  } catch (error) {
    $outcome.set({ ok: false, text: messageOf(error) });
    if (error instanceof BackofficeError) $fieldErrors.set(error.fields);
    return false;
  }
}
