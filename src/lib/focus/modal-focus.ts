/**
 * Keyboard focus for the site's modals (issue 15, WAI-ARIA dialog pattern),
 * with no framework: which element a modal opens on, Tab and Shift+Tab
 * cycling inside it, and where focus goes when it closes. The modal shell
 * (`islands/shared/use-modal-focus.ts`) wires these to a `<dialog>`.
 */

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Form controls a player fills in: a modal opens on the first of these. */
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/** Whether the element is rendered (no `hidden`/`inert` ancestor, not `display: none` or `visibility: hidden`). */
export function isShown(element: Element): boolean {
  if (element.closest('[hidden], [inert]')) return false;
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true });
  const view = element.ownerDocument.defaultView;
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (view?.getComputedStyle(node).display === 'none') return false;
  }
  return view?.getComputedStyle(element).visibility !== 'hidden';
}

/** The elements Tab reaches inside `container`, in document order (a `tabindex="-1"` element is skipped). */
export function tabbables(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.tabIndex < 0) return false;
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name && !element.checked) {
      // A radio group is one Tab stop: its checked radio, or its first one when none is checked.
      const form = element.form ?? container;
      const group = [...form.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(element.name)}"]`)];
      if (group.some((radio) => radio.checked) || group[0] !== element) return false;
    }
    return isShown(element);
  });
}

/**
 * Where a modal opens: an element marked `data-autofocus` (or `autofocus`),
 * else its first field, else its first tabbable element other than those in
 * `skip` (the ✕ button), else the first tabbable element at all.
 */
export function initialFocusTarget(container: Element, skip: readonly (Element | null)[] = []): HTMLElement | null {
  const marked = [...container.querySelectorAll<HTMLElement>('[data-autofocus], [autofocus]')].find(isShown);
  if (marked) return marked;
  const all = tabbables(container);
  return all.find((element) => element.matches(FIELD)) ?? all.find((element) => !skip.includes(element)) ?? all[0] ?? null;
}

/** Moves focus to `initialFocusTarget` (the container itself, made focusable, when it has nothing to focus). */
export function focusInitial(container: HTMLElement, skip: readonly (Element | null)[] = []): void {
  const target = initialFocusTarget(container, skip);
  if (target) {
    target.focus();
    return;
  }
  if (!container.hasAttribute('tabindex')) container.tabIndex = -1;
  container.focus();
}

/**
 * Keeps Tab inside `container`: Tab on its last tabbable element goes to the
 * first, Shift+Tab on the first (or on the container itself) goes to the
 * last. Returns whether it moved focus (and then cancelled the key's default).
 */
export function trapTab(container: Element, event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>): boolean {
  if (event.key !== 'Tab') return false;
  const all = tabbables(container);
  const active = container.ownerDocument.activeElement;
  if (all.length === 0) {
    event.preventDefault();
    return true;
  }
  const first = all[0];
  const last = all[all.length - 1];
  const outside = !active || !container.contains(active) || active === container;
  const target = event.shiftKey ? (outside || active === first ? last : null) : outside || active === last ? first : null;
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}

/** Whether focus can go back to `element`: still in the page, shown and not disabled. */
export function canTakeFocus(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected || element === element.ownerDocument.body) return false;
  if (element.matches(':disabled')) return false;
  return isShown(element);
}

/**
 * The page's main heading (`main h1`), made focusable without joining the
 * Tab order: where focus goes when a modal closes and its opener is gone.
 */
export function mainHeading(doc: Document = document): HTMLElement | null {
  const heading = doc.querySelector<HTMLElement>('main h1, #main h1, h1');
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * After a modal closed: focus returns to its opener when that can take
 * focus, else to the first of `fallbacks` that can, else to the page's main
 * heading. Returns the element focused (null when none could be).
 */
export function restoreFocus(opener: Element | null, fallbacks: readonly (Element | null)[] = []): HTMLElement | null {
  const doc = opener?.ownerDocument ?? document;
  const target = [opener, ...fallbacks, mainHeading(doc)].find(canTakeFocus) ?? null;
  target?.focus();
  return target;
}
