/// <reference lib="dom" />
/** A tiny element builder: the widget is a third party's script inside the host's page, so plain DOM, no framework. */

type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Record<string, AttrValue | ((event: Event) => void)>;
export type Child = Node | string | null | undefined | false;

/**
 * `h('button', { class: 'x', type: 'button', onclick: fn }, 'Apostar')`:
 * `on…` keys become listeners, `true` an empty attribute,
 * `false`/null/undefined nothing, anything else a string attribute. Text
 * children are text nodes (never parsed as HTML: names come from a feed).
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

/**
 * Replaces `section`'s children with `children`, keeping the keyboard where
 * it was: if focus was on an element with a `data-key` inside the section,
 * the new element with the same key gets it back.
 */
export function replaceKeepingFocus(section: HTMLElement, children: Child[]): void {
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && section.contains(active);
  const key = inside ? active.dataset.key : undefined;
  section.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
  if (!inside) return;
  // The same control again, else the section's first focusable heading (the control went away, e.g. a bet just settled).
  const again = key ? section.querySelector<HTMLElement>(`[data-key="${key.replace(/["\\]/g, '\\$&')}"]`) : null;
  (again ?? section.querySelector<HTMLElement>('[tabindex="-1"]'))?.focus({ preventScroll: true });
}

/** The player asked the system for less motion. */
export function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

let ids = 0;
/** A document-unique id for aria references (several widgets may share a page). */
export function uid(prefix: string): string {
  ids += 1;
  return `${prefix}-${ids}`;
}
