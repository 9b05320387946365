// @vitest-environment happy-dom
import type { TFunction } from 'i18next';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationView } from '../../../../src/contract/notifications.ts';
import { WonBoxModal } from '../../../../src/islands/notifications/WonBoxModal.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const t = ((key: string) => key) as unknown as TFunction;

function box(url?: string): NotificationView {
  return {
    id: 5,
    type: 'box',
    notification: { title: { pt: 'Caixa ganha', en: 'Box won' }, message: { pt: 'Você ganhou uma caixa', en: 'You won a box' }, box_id: 3, ...(url ? { url } : {}) },
    read: false,
    read_at: null,
    created_at: '2026-11-22T10:00:00.000Z',
  };
}

async function render(view: NotificationView, locale: 'pt' | 'en'): Promise<HTMLElement> {
  document.body.innerHTML = '<div id="host"></div>';
  const host = document.getElementById('host')!;
  await act(async () => createRoot(host).render(<WonBoxModal t={t} locale={locale} box={view} />));
  return host;
}

describe('won-box modal', () => {
  beforeEach(() => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });

  it('shows the message in the page language and leads to the player\'s boxes in that language (issue 19)', async () => {
    const host = await render(box('/promocoes'), 'en');
    expect(host.querySelector('[data-testid="won-box-modal"]')?.textContent).toContain('You won a box');
    expect(host.querySelector('a.won-box__open')?.getAttribute('href')).toBe('/en/account/boxes');
  });

  it('leads to /account/boxes in Portuguese, also when the notification names no page', async () => {
    const host = await render(box(), 'pt');
    expect(host.querySelector('[data-testid="won-box-modal"]')?.textContent).toContain('Você ganhou uma caixa');
    expect(host.querySelector('a.won-box__open')?.getAttribute('href')).toBe('/account/boxes');
  });
});
