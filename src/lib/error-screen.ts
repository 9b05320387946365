import { currentLocale, localizedPath } from './locale.ts';

/**
 * Site DOM contract item 4: the root error screen (spec section 2). Texts come
 * from the page's `#error-texts` JSON, so they are in the page's language and
 * no string ships in this script. Shown by islands (a game that no longer
 * exists) and wired by the boot script (`scripts/error-screen.ts`).
 */
export type ErrorVariant = '401' | '404' | 'other';
export interface ErrorText {
  title: string;
  subtitle: string;
}

export function errorVariant(code: number): ErrorVariant {
  return code === 401 ? '401' : code === 404 ? '404' : 'other';
}

function readTexts(doc: Document): Partial<Record<ErrorVariant, ErrorText>> {
  try {
    return JSON.parse(doc.getElementById('error-texts')?.textContent ?? '{}') as Partial<Record<ErrorVariant, ErrorText>>;
  } catch {
    return {};
  }
}

function setText(root: Element, selector: string, text: string): void {
  const element = root.querySelector(selector);
  if (element) element.textContent = text;
}

/**
 * Fills and shows the error screen for an HTTP-like status code. The layout's
 * CSS hides the page content next to a visible screen; header and menu stay.
 */
export function showErrorScreen(code: number, doc: Document = document): void {
  const screen = doc.getElementById('error-screen');
  if (!screen) return;
  const text = readTexts(doc)[errorVariant(code)];
  screen.dataset.code = String(code);
  setText(screen, '.error-screen__code', String(code));
  if (text) {
    setText(screen, '.error-screen__title', text.title);
    setText(screen, '.error-screen__subtitle', text.subtitle);
  }
  screen.hidden = false;
  const title = screen.querySelector<HTMLElement>('.error-screen__title');
  if (title) {
    title.tabIndex = -1;
    title.focus();
  }
}

/** Hides the error screen, revealing the page content again. */
export function clearErrorScreen(doc: Document = document): void {
  const screen = doc.getElementById('error-screen');
  if (!screen) return;
  screen.hidden = true;
  screen.dataset.code = '';
}

/** Home of the page's locale: `/` or `/en`. */
export function homePath(doc: Document = document): string {
  return localizedPath('/', currentLocale(doc));
}

