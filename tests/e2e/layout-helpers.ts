import type { Page } from '@playwright/test';

/**
 * What the layout tests measure in the browser: the header's controls (lines,
 * screen edges, clipping), and anything on the page wider than the screen.
 * Shared by `layout-speed.spec.ts` and `layout-every-page.spec.ts`.
 */
export const LOCALES = [
  { code: 'pt', prefix: '', lang: 'pt-BR' },
  { code: 'en', prefix: '/en', lang: 'en-US' },
] as const;

export interface HeaderLayout {
  /** Whether the page has the site header at all (the full-screen game player has none). */
  present: boolean;
  /** Labels of visible header controls whose visible text takes more than one line. */
  wrapped: string[];
  /** Labels of visible header controls that end past the right edge of the screen. */
  offScreen: string[];
  /** Labels of visible header controls that start before the left edge of the screen. */
  beforeScreen: string[];
  /** Labels of visible header controls whose content is cut off (an ellipsis, or an overflow hidden by the control or an ancestor). */
  clipped: string[];
  /** Labels of visible header controls whose icon is drawn narrower than its own size (squeezed by the control's padding). */
  squeezedIcons: string[];
  logoWidth: number;
  logoHeight: number;
  /** The logo image's drawn width ÷ height minus its natural width ÷ height (0 when it keeps its aspect ratio). */
  logoStretch: number;
}

/** What the header looks like: text lines per control (words hidden for screen readers only do not count). */
export function headerLayout(page: Page): Promise<HeaderLayout> {
  return page.evaluate(() => {
    const header = document.querySelector('header.site-header');
    const controls = [...(header?.querySelectorAll<HTMLElement>('button, a') ?? [])].filter(
      (control) => control.getClientRects().length > 0 && !control.matches('.skip-link, [popover] *'),
    );
    const lineCount = (control: HTMLElement): number => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || parent.getBoundingClientRect().width <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    };
    const clipped = (control: HTMLElement): boolean => {
      const box = control.getBoundingClientRect();
      // Cut by an ancestor that hides its overflow (the header, a flex row)?
      for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const outer = parent.getBoundingClientRect();
        if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5) return true;
      }
      // Its own text cut off (an ellipsis): visible elements whose content is wider than their box.
      return [control, ...control.querySelectorAll<HTMLElement>('*')].some(
        (element) => element.getBoundingClientRect().width > 1 && getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1,
      );
    };
    const label = (control: HTMLElement) => control.getAttribute('aria-label') ?? control.textContent?.trim().replace(/\s+/g, ' ') ?? control.tagName;
    const logo = header?.querySelector('.logo img') as HTMLImageElement | null;
    const logoBox = logo?.getBoundingClientRect();
    return {
      present: header !== null,
      wrapped: controls.filter((control) => lineCount(control) > 1).map(label),
      offScreen: controls.filter((control) => control.getBoundingClientRect().right > window.innerWidth + 0.5).map(label),
      beforeScreen: controls.filter((control) => control.getBoundingClientRect().left < -0.5).map(label),
      clipped: controls.filter(clipped).map(label),
      squeezedIcons: controls
        .filter((control) =>
          [...control.querySelectorAll('svg[width]')].some((icon) => {
            const drawn = icon.getBoundingClientRect().width;
            return drawn > 0 && drawn < Number(icon.getAttribute('width')) - 0.5;
          }),
        )
        .map(label),
      logoWidth: header?.querySelector('.logo')?.getBoundingClientRect().width ?? 0,
      logoHeight: logoBox?.height ?? 0,
      logoStretch:
        logo && logoBox && logo.naturalHeight > 0 && logoBox.height > 0
          ? Math.round((logoBox.width / logoBox.height - logo.naturalWidth / logo.naturalHeight) * 100) / 100
          : 0,
    };
  });
}

export interface PageWidth {
  /** `document.documentElement.scrollWidth`: wider than `viewport` means the page scrolls sideways. */
  scroll: number;
  viewport: number;
  /** Visible elements reaching past a screen edge that are not inside a container that scrolls or clips them. */
  tooWide: string[];
}

/** How wide the page is, and what (if anything) sticks out of the screen. */
export function pageWidth(page: Page): Promise<PageWidth> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const tooWide: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      // Zero-size and screen-reader-only (1 px, clipped) elements take no room.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= viewport + 0.5 && box.left >= -0.5) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      let contained = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') {
          contained = true;
          break;
        }
      }
      if (contained) continue;
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      tooWide.push(`${element.tagName.toLowerCase()}${classes} [${Math.round(box.left)}…${Math.round(box.right)}]`);
    }
    return { scroll: document.documentElement.scrollWidth, viewport, tooWide: tooWide.slice(0, 8) };
  });
}
