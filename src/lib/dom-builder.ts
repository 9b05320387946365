/**
 * The two helpers of the custom elements that draw a public page's live part
 * without React (`<promo-codes>`, `<box-verify>`, the ranking and VIP
 * players' parts): a page's words with `{{name}}` placeholders filled, and an
 * element made with its class and text.
 */

/** Fills `{{name}}` placeholders; an unknown name stays as written. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (name in vars ? String(vars[name]) : all));
}

/** A new `tag` element with `className` (none when null) and `text` as its text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string | null, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}
