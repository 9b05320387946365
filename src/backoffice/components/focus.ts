/**
 * Focuses the first element `selector` names (within `root`) once the
 * screen has been drawn again: after a save, a cancel, a refusal or a
 * removed row, the keyboard goes where the operator's next step is instead
 * of falling to the top of the page.
 */
export function focusSoon(selector: string, root: { current: ParentNode | null } | null = null): void {
  requestAnimationFrame(() => (root ? root.current : document)?.querySelector<HTMLElement>(selector)?.focus());
}
