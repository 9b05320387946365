/// <reference lib="dom" />
/** A tiny element builder: the page is a third party's, so plain DOM, no framework. */

type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Record<string, AttrValue | ((event: Event) => void)>;
export type Child = Node | string | null | undefined | false;

/**
 * `h('button', { class: 'x', type: 'button', onclick: fn }, 'Spin')`: `on…`
 * keys become listeners, `true` an empty attribute, `false`/null/undefined
 * nothing, anything else a string attribute. Text children are text nodes
 * (never parsed as HTML).
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

/** Appends children, skipping the empty ones. */
export function append(parent: Node, children: Child[]): void {
  for (const child of children) if (child !== null && child !== undefined && child !== false) parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
}

/** The player asked the system for less motion: results appear at once. */
export function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The next animation frame's timestamp. */
export function frame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}
