import { closeInstallModal, promptInstall } from '../stores/install.ts';
import type { texts as ptTexts } from './install-texts.pt-BR.ts';
import './install-modal.css';

/**
 * The install modal (issue 20), loaded only when src/stores/install.ts opens
 * it: a non-modal card in the bottom corner like the push modal (nobody asked
 * for it: the page stays usable), with "Instalar app" (the browser's own
 * prompt) — or, on iOS Safari, "Ver como instalar" leading to `/ios` — and
 * "Agora não". Escape and the close button count as "Agora não".
 */

type Texts = typeof ptTexts;

let dialog: HTMLDialogElement | null = null;

function fill(text: string, site: string): string {
  return text.replace('{{site}}', site);
}

function build(texts: Texts, manual: boolean): HTMLDialogElement {
  const locale = document.documentElement.dataset.locale === 'en' ? 'en' : 'pt';
  const site = document.querySelector<HTMLMetaElement>('meta[name="apple-mobile-web-app-title"]')?.content ?? document.title;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href;
  const element = document.createElement('dialog');
  element.className = 'install-modal';
  element.dataset.installModal = '';
  element.dataset.testid = 'install-modal';
  element.setAttribute('aria-labelledby', 'install-modal-title');
  element.setAttribute('aria-describedby', 'install-modal-text');
  const close = Object.assign(document.createElement('button'), { type: 'button', className: 'install-modal__close', textContent: '×' });
  close.setAttribute('aria-label', texts.close);
  const title = Object.assign(document.createElement('h2'), { id: 'install-modal-title', textContent: fill(texts.title, site) });
  const text = Object.assign(document.createElement('p'), { id: 'install-modal-text', textContent: fill(texts.text, site) });
  const actions = Object.assign(document.createElement('div'), { className: 'install-modal__actions' });
  const later = Object.assign(document.createElement('button'), { type: 'button', className: 'install-modal__later', textContent: texts.later });
  let main: HTMLElement;
  if (manual) {
    main = Object.assign(document.createElement('a'), { className: 'install-modal__install', href: locale === 'en' ? '/en/ios' : '/ios', textContent: texts.iosHow });
    main.addEventListener('click', () => closeInstallModal());
  } else {
    main = Object.assign(document.createElement('button'), { type: 'button', className: 'install-modal__install', textContent: texts.install });
    main.addEventListener('click', () => void promptInstall());
  }
  actions.append(main, later);
  close.addEventListener('click', () => closeInstallModal());
  later.addEventListener('click', () => closeInstallModal());
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeInstallModal();
  });
  const parts: HTMLElement[] = [close];
  if (icon) parts.push(Object.assign(document.createElement('img'), { src: icon, alt: '', width: 56, height: 56, className: 'install-modal__icon' }));
  element.append(...parts, title, text, actions);
  return element;
}

export async function showInstallModal(): Promise<void> {
  if (dialog?.open) return;
  const manual = document.documentElement.dataset.install === 'manual';
  const { texts } = document.documentElement.dataset.locale === 'en' ? await import('./install-texts.en-US.ts') : await import('./install-texts.pt-BR.ts');
  dialog?.remove();
  dialog = build(texts, manual);
  document.body.append(dialog);
  // show() without moving focus: nobody asked for the card, so the visitor's place on the page is kept.
  const active = document.activeElement;
  dialog.show();
  if (active instanceof HTMLElement && active !== document.body) active.focus({ preventScroll: true });
  else (document.activeElement as HTMLElement | null)?.blur();
}

export function hideInstallModal(): void {
  dialog?.close();
  dialog?.remove();
  dialog = null;
}
