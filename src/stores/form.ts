import { atom, map, type MapStore, type WritableAtom } from 'nanostores';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';

/**
 * A form's state as a store: values, the errors shown, a form-level message
 * and a submitting flag. Validation follows spec section 5: it runs when a
 * value changes (model update) and when the user moves on, never on blur.
 * A field's error shows once that field has changed or been checked.
 */
export type FieldErrors<F extends string> = Partial<Record<F, Message>>;

export interface FormOptions<V extends object> {
  initial: () => V;
  /** All current problems of `values`, keyed by form field (usually via the shared schemas). */
  check: (values: V) => FieldErrors<Extract<keyof V, string>>;
  /** Fields re-checked when another changes (e.g. the confirmation when the password changes). */
  dependents?: Partial<Record<Extract<keyof V, string>, Extract<keyof V, string>[]>>;
  /** Request field name → form field name, for the platform's 422 `errors` (default: same name). */
  serverFields?: Record<string, Extract<keyof V, string>>;
}

export interface FormStore<V extends object> {
  $values: MapStore<V>;
  $errors: MapStore<FieldErrors<Extract<keyof V, string>>>;
  $formError: WritableAtom<Message | null>;
  $submitting: WritableAtom<boolean>;
  /** Model update: sets the value and re-validates it (and its touched dependents). */
  set<K extends Extract<keyof V, string>>(field: K, value: V[K]): void;
  /** Checks `fields` (all when omitted), shows their errors; true when none has one. */
  validate(fields?: readonly Extract<keyof V, string>[]): boolean;
  /** Shows one error on a field (e.g. from a separate server check). */
  setError(field: Extract<keyof V, string>, message: Message | null): void;
  /**
   * Shows a failed call: the 422 `errors` under their fields, anything else
   * (or errors for fields the form does not have) as the form message.
   * Returns the form fields that received an error.
   */
  showApiError(error: unknown): Extract<keyof V, string>[];
  /** Runs `action` with `$submitting` set, clearing the form message first. */
  submit<T>(action: () => Promise<T>): Promise<T>;
  reset(): void;
}

/** The messages of a failure that are not field errors, or the generic text. */
export function apiErrorMessage(error: unknown): Message {
  if (error instanceof ApiError && error.messages.length > 0) return textMessage(error.messages.join(' '));
  return keyMessage('errors.generic');
}

export function createForm<V extends object>(options: FormOptions<V>): FormStore<V> {
  type F = Extract<keyof V, string>;
  const $values = map<V>(options.initial());
  const $errors = map<FieldErrors<F>>({});
  const $formError = atom<Message | null>(null);
  const $submitting = atom(false);
  const touched = new Set<F>();

  const refresh = (fields: Iterable<F>): void => {
    const all = options.check($values.get());
    const next = { ...$errors.get() };
    for (const field of fields) {
      const message = all[field];
      if (message) next[field] = message;
      else delete next[field];
    }
    $errors.set(next);
  };

  const store: FormStore<V> = {
    $values,
    $errors,
    $formError,
    $submitting,
    set(field, value) {
      $values.setKey(field as never, value as never);
      touched.add(field);
      const dependents = (options.dependents?.[field] ?? []).filter((d) => touched.has(d));
      refresh([field, ...dependents]);
    },
    validate(fields) {
      const list = fields ?? (Object.keys($values.get()) as F[]);
      for (const field of list) touched.add(field);
      refresh(list);
      const errors = $errors.get();
      return list.every((field) => !errors[field]);
    },
    setError(field, message) {
      const next = { ...$errors.get() };
      if (message) next[field] = message;
      else delete next[field];
      $errors.set(next);
    },
    showApiError(error) {
      const shown: F[] = [];
      const leftover: string[] = [];
      if (error instanceof ApiError && error.errors) {
        const next = { ...$errors.get() };
        for (const [serverField, messages] of Object.entries(error.errors)) {
          const field = (options.serverFields?.[serverField] ?? serverField) as F;
          if (field in $values.get()) {
            next[field] = textMessage(messages.join(' '));
            touched.add(field);
            shown.push(field);
          } else {
            leftover.push(...messages);
          }
        }
        $errors.set(next);
        $formError.set(leftover.length > 0 ? textMessage(leftover.join(' ')) : null);
      } else if (!(error instanceof ApiError && error.kind === 'aborted')) {
        $formError.set(apiErrorMessage(error));
      }
      return shown;
    },
    async submit(action) {
      $formError.set(null);
      $submitting.set(true);
      try {
        return await action();
      } finally {
        $submitting.set(false);
      }
    },
    reset() {
      touched.clear();
      $values.set(options.initial());
      $errors.set({});
      $formError.set(null);
      $submitting.set(false);
    },
  };
  return store;
}
