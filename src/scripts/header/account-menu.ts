import { canTakeFocus, tabbables } from '../../lib/focus/modal-focus.ts';

/**
 * The header's account menu (`#account-menu`, a popover opened by its
 * button with a click, Enter or Space): on opening, focus moves to its first
 * entry; ↑/↓ (and Home/End) move between entries, wrapping; Esc closes it
 * (the popover's own light dismiss) and focus goes back to the button, also
 * when the browser would leave it on the page body.
 */

const KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function invoker(menu: HTMLElement): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[popovertarget="${menu.id}"]`);
}

function onToggle(this: HTMLElement, event: Event): void {
  const state = (event as ToggleEvent).newState;
  if (state === 'open') {
    tabbables(this)[0]?.focus();
    return;
  }
  const active = document.activeElement;
  if (!active || active === document.body || this.contains(active)) {
    const button = invoker(this);
    if (canTakeFocus(button)) button.focus();
  }
}

function onKeyDown(this: HTMLElement, event: KeyboardEvent): void {
  const move = KEYS[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
  const entries = tabbables(this);
  if (entries.length === 0) return;
  const index = entries.findIndex((entry) => entry === document.activeElement || entry.contains(document.activeElement));
  event.preventDefault();
  entries[move(Math.max(index, 0), entries.length)]?.focus();
}

function wire(): void {
  const menu = document.getElementById('account-menu');
  if (!menu || menu.dataset.keyboard === 'on') return;
  menu.dataset.keyboard = 'on';
  menu.addEventListener('toggle', onToggle);
  menu.addEventListener('keydown', onKeyDown);
}

let started = false;

/** Wires the account menu now and after every ClientRouter swap (which renders a new header). */
export function initAccountMenu(): void {
  if (started) return;
  started = true;
  wire();
  document.addEventListener('astro:after-swap', wire);
}
