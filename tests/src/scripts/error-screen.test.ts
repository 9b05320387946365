// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearErrorScreen, errorVariant, homePath, showErrorScreen } from '../../../src/lib/error-screen.ts';
import { initErrorScreen } from '../../../src/scripts/error-screen.ts';

const texts = {
  '401': { title: 'Não autorizado', subtitle: 'Você não tem autorização para acessar esta página.' },
  '404': { title: 'Página não encontrada', subtitle: 'Não encontramos a página.' },
  other: { title: 'Ops... Algo deu errado', subtitle: 'Ocorreu um erro.' },
};

function mount(locale: 'pt' | 'en'): void {
  document.documentElement.dataset.locale = locale;
  document.body.innerHTML = `
    <div id="app-root"><main>
      <section id="error-screen" role="alert" hidden data-code="">
        <p class="error-screen__code"></p>
        <h1 class="error-screen__title"></h1>
        <p class="error-screen__subtitle"></p>
        <button type="button" data-action="error-home">Voltar ao início</button>
        <script type="application/json" id="error-texts">${JSON.stringify(texts)}</script>
      </section>
      <p>conteúdo</p>
    </main></div>`;
}

const screen = () => document.getElementById('error-screen')!;
const text = (selector: string) => screen().querySelector(selector)!.textContent;

beforeEach(() => mount('pt'));

describe('root error screen', () => {
  it('chooses the 401, 404 or "other" texts by code', () => {
    expect([401, 404, 500, 403].map(errorVariant)).toEqual(['401', '404', 'other', 'other']);
  });

  it('fills and shows the screen (the layout keeps the app root visible around it)', () => {
    showErrorScreen(401);
    expect(screen().hidden).toBe(false);
    expect(screen().dataset.code).toBe('401');
    expect(text('.error-screen__code')).toBe('401');
    expect(text('.error-screen__title')).toBe('Não autorizado');
    expect(text('.error-screen__subtitle')).toBe(texts['401'].subtitle);
    expect(document.getElementById('app-root')!.hidden).toBe(false);
    expect(document.activeElement).toBe(screen().querySelector('.error-screen__title'));

    showErrorScreen(503);
    expect(text('.error-screen__code')).toBe('503');
    expect(text('.error-screen__title')).toBe(texts.other.title);
  });

  it('"Back to home" clears the error and navigates to / (or /en in English)', () => {
    const navigate = vi.fn();
    initErrorScreen(navigate);
    showErrorScreen(404);
    screen().querySelector<HTMLButtonElement>('[data-action="error-home"]')!.click();
    expect(navigate).toHaveBeenLastCalledWith('/');
    expect(screen().hidden).toBe(true);
    expect(screen().dataset.code).toBe('');

    mount('en');
    showErrorScreen(404);
    screen().querySelector<HTMLButtonElement>('[data-action="error-home"]')!.click();
    expect(navigate).toHaveBeenLastCalledWith('/en');
    expect(homePath()).toBe('/en');
  });

  it('clearing twice is harmless', () => {
    clearErrorScreen();
    clearErrorScreen();
    expect(screen().hidden).toBe(true);
  });
});
