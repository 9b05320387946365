/**
 * A user-facing message as stores keep it: an i18n key (with its
 * interpolation values) for messages the site words itself, or a text the
 * platform already translated (section 8 answers come in the caller's
 * language). Stores never translate; islands render either kind.
 */
export type Message =
  | { key: string; vars?: Record<string, string | number>; field?: string }
  | { text: string };

export function keyMessage(key: string, vars?: Record<string, string | number>): Message {
  return vars ? { key, vars } : { key };
}

export function textMessage(text: string): Message {
  return { text };
}
