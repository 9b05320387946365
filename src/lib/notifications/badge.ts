/**
 * Writes the unread count into the header bell: the badge (`[data-notifications-badge]`,
 * hidden at 0, "99+" above 99) and the bell's accessible name, built from its
 * `data-unread-template` ("{{count}} não lidas", rendered in the page's language).
 */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function showUnreadCount(count: number, root: ParentNode = document): void {
  for (const badge of root.querySelectorAll<HTMLElement>('[data-notifications-badge]')) {
    badge.textContent = count > 0 ? badgeText(count) : '';
    badge.hidden = count === 0;
  }
  for (const label of root.querySelectorAll<HTMLElement>('[data-notifications-unread]')) {
    const template = label.closest<HTMLElement>('[data-unread-template]')?.dataset.unreadTemplate ?? '';
    label.textContent = count > 0 ? `, ${template.replace('{{count}}', String(count))}` : '';
  }
}
