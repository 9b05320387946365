/**
 * Navigates the way a link click does, so Astro's ClientRouter handles it
 * when the page has one (no router import in this chunk), the browser
 * otherwise.
 */
export function navigateTo(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
