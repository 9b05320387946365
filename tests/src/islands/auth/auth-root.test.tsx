// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../stores/auth-fake-api.ts';

/**
 * The auth island renders the store: a labelled modal dialog per mode, errors
 * tied to their fields, and the store's messages in the page language.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.body.innerHTML = '<div id="host"></div>';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function render(locale: 'pt' | 'en') {
  fakeApi({});
  document.documentElement.dataset.locale = locale;
  const { AuthRoot } = await import('../../../../src/islands/auth/AuthRoot.tsx');
  const auth = await import('../../../../src/stores/auth.ts');
  const root = createRoot(document.getElementById('host')!);
  await act(async () => root.render(<AuthRoot />));
  return { auth, root };
}

/** Waits for the lazily loaded i18n resources and React to settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
}

function labelled(text: string): HTMLInputElement | HTMLSelectElement {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  if (!label) throw new Error(`no label "${text}"`);
  return document.getElementById(label.htmlFor) as HTMLInputElement;
}

describe('AuthRoot', () => {
  it('renders nothing until the modal opens, then a dialog labelled by its title', async () => {
    const { auth } = await render('pt');
    await settle();
    expect(document.querySelector('dialog')).toBeNull();
    await act(async () => void auth.openLoginModal('login'));
    await settle();
    const dialog = document.querySelector('dialog')!;
    expect(dialog).not.toBeNull();
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Entrar');
    expect(labelled('Telefone')).toBeTruthy();
    expect(labelled('Senha')).toBeTruthy();
  });

  it('submitting an empty login shows the required message tied to each field', async () => {
    const { auth } = await render('en');
    await act(async () => void auth.openLoginModal('login'));
    await settle();
    const form = document.querySelector('form')!;
    await act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    await settle();
    const phone = labelled('Phone');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const described = phone.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    // The error first, then the login hint (the username is the phone number).
    expect(described).toEqual(['This field is required.', 'Your username is the mobile number you gave when you signed up (not your e-mail).']);
  });

  it('switches to the register mode with its first step', async () => {
    const { auth } = await render('pt');
    await act(async () => void auth.openLoginModal('login'));
    await settle();
    await act(async () => void auth.switchAuthMode('register'));
    await settle();
    const dialog = document.querySelector('dialog')!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Criar conta');
    expect(dialog.textContent).toContain('Etapa 1 de 4');
    expect([...dialog.querySelectorAll('legend')].map((l) => l.textContent)).toEqual(['Gênero', 'Estado civil']);
  });
});
