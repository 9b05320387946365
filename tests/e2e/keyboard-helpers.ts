import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only helpers of the browser tests: move with Tab (never a click)
 * until an element has focus, and check that it shows a focus ring and that
 * a modal keeps focus inside.
 */

/** Opens `url` and waits until the page takes keys: the preloader (which makes the page inert) is gone. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#preloader')).toHaveAttribute('data-state', 'hidden');
}

async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement, undefined, { timeout: 2000 }).catch(() => false);
}

/** The focused element (or the label around it, for styled radios) draws a visible ring: an outline of 2 px or more, or a box shadow. */
export async function expectFocusRing(target: Locator): Promise<void> {
  const ring = await target.evaluate((element) => {
    if (!element.matches(':focus-visible')) return 'not :focus-visible';
    for (const node of [element, element.closest('label'), element.parentElement]) {
      if (!node) continue;
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) return 'ring';
      if (node !== element && style.boxShadow !== 'none') return 'ring';
    }
    return `no ring on ${element.outerHTML.slice(0, 120)}`;
  });
  expect(ring).toBe('ring');
}

/** Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `max` times; it must then show a focus ring. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 100 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max && !(await hasFocus(target)); presses++) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
  await expectFocusRing(target);
}

/** Whether focus is on an element inside `container`. */
async function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => {
    const active = element.ownerDocument.activeElement;
    return Boolean(active && active !== element.ownerDocument.body && element.contains(active));
  });
}

/**
 * The modal keeps focus: Tab and Shift+Tab, pressed more times than it has
 * controls, never leave it; and Shift+Tab from its first control reaches
 * its last (they cycle).
 */
export async function expectFocusTrapped(page: Page, modal: Locator): Promise<void> {
  const controls = await modal.evaluate((element) => element.querySelectorAll('a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea').length);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press(key);
      expect(await focusInside(modal), `${key} #${i + 1} left the modal`).toBe(true);
    }
  }
}

/** Focus is on the modal's first field (input, select or textarea), not on its ✕. */
export async function expectFirstFieldFocused(modal: Locator): Promise<void> {
  await expect
    .poll(() =>
      modal.evaluate((element) => {
        const first = element.querySelector('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])');
        return first !== null && first === element.ownerDocument.activeElement;
      }),
    )
    .toBe(true);
}
