// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BTRenderer, type BTOptions } from '../../../../../../server/features/sportsbook/sandbox/widget/client/renderer.ts';
import { eventsFixture } from './events-fixture.ts';

/*
 * The sandbox sportsbook's BTRenderer against a scripted sandbox API: what a
 * visitor and a player see and send (events, odds, the slip, bets, the demo
 * settlement), the BetBy callbacks it calls, and token renewal.
 */

interface Call {
  method: string;
  url: string;
  auth: string | null;
  body: unknown;
}

let calls: Call[];
let routes: Record<string, (call: Call) => { status: number; json: unknown }>;

function jwt(exp: number): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'p1', exp })}.sig`;
}
const later = () => Math.floor(Date.now() / 1000) + 300;

beforeEach(() => {
  calls = [];
  routes = {
    'GET /sb/api/events': (call) => ({ status: 200, json: { events: eventsFixture(call.url.endsWith('lang=en') ? 'en' : 'pt') } }),
    'GET /sb/api/bets': () => ({ status: 200, json: { betslips: [] } }),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const headers = new Headers(init.headers);
    const call: Call = { method: init.method ?? 'GET', url: url.pathname + url.search, auth: headers.get('authorization'), body: init.body ? JSON.parse(String(init.body)) : null };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname}`];
    const answer = route ? route(call) : { status: 404, json: { status: 'refused', code: 'not_found', message: 'Não encontrado.' } };
    return new Response(JSON.stringify(answer.json), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  document.body.innerHTML = '<div id="sportsbook"></div>';
  document.head.innerHTML = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function start(options: Partial<BTOptions> = {}) {
  const callbacks = { onLogin: vi.fn(), onRegister: vi.fn(), onRecharge: vi.fn(), onRouteChange: vi.fn(), onSessionRefresh: vi.fn() };
  const renderer = new BTRenderer('/sb/').initialize({
    brand_id: 'ipe-bet',
    token: null,
    lang: 'pt-br',
    themeName: 'default',
    target: document.getElementById('sportsbook'),
    ...callbacks,
    ...options,
  });
  return { renderer, ...callbacks };
}

const widget = () => document.querySelector<HTMLElement>('[data-testid="sportsbook-widget"]')!;
const button = (name: string | RegExp) => {
  const found = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => {
    const label = b.getAttribute('aria-label') ?? b.textContent ?? '';
    return typeof name === 'string' ? label.trim() === name : name.test(label);
  });
  if (!found) throw new Error(`no button ${String(name)}`);
  return found;
};
const loaded = () => vi.waitFor(() => expect(document.querySelectorAll('.btr-event, .btr-market').length).toBeGreaterThan(0));
const text = () => widget().textContent ?? '';

describe('BTRenderer', () => {
  it('shows the demo badge, the sports and every event with its odds in Portuguese', async () => {
    start();
    await loaded();
    expect(document.querySelector('[data-testid="sportsbook-badge"]')!.textContent).toBe('Ambiente de demonstração — sportsbook sandbox');
    expect(calls[0]!.url).toBe('/sb/api/events?lang=pt-br');
    expect([...document.querySelectorAll('.btr-chip')].map((c) => c.textContent)).toEqual(['Todos', 'Futebol', 'Basquete']);
    expect(document.querySelectorAll('.btr-event')).toHaveLength(3);
    expect(button('Flamengo (Resultado final), cotação 2,10').getAttribute('aria-pressed')).toBe('false');
    expect(text()).toContain('Ao vivo');
    expect(document.querySelector('link[data-btr-style]')!.getAttribute('href')).toMatch(/^\/sb\/assets\//);
  });

  it('speaks English with lang en', async () => {
    start({ lang: 'en' });
    await loaded();
    expect(calls[0]!.url).toBe('/sb/api/events?lang=en');
    expect(document.querySelector('[data-testid="sportsbook-badge"]')!.textContent).toBe('Demo environment — sandbox sportsbook');
    expect(button('Flamengo (Match result), odds 2.10')).toBeTruthy();
  });

  it('navigates by sport, competition and event, reporting each route; updateOptions({ url }) moves without reporting', async () => {
    const { renderer, onRouteChange } = start();
    await loaded();
    button('Basquete').click();
    expect(onRouteChange).toHaveBeenLastCalledWith('/basketball');
    expect(document.querySelectorAll('.btr-event')).toHaveLength(1);
    button('Futebol').click();
    button('Brasileirão Série A').click();
    expect(onRouteChange).toHaveBeenLastCalledWith('/soccer/brazil/brasileirao-serie-a');
    button('Flamengo x Palmeiras').click();
    expect(onRouteChange).toHaveBeenLastCalledWith('/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1');
    expect(document.querySelector('.btr-list h2')!.textContent).toBe('Flamengo x Palmeiras');
    expect(document.activeElement).toBe(document.querySelector('.btr-list h2'));
    expect(document.querySelectorAll('.btr-market')).toHaveLength(2);
    const reported = onRouteChange.mock.calls.length;
    renderer.updateOptions({ url: '/basketball/brazil/nbb/franca-x-flamengo-e3' });
    expect(document.querySelector('.btr-list h2')!.textContent).toBe('Franca x Flamengo');
    expect(onRouteChange).toHaveBeenCalledTimes(reported);
  });

  it('opens a deep link once the feed arrives, and says so when the event is gone', async () => {
    start({ url: '/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1' });
    await loaded();
    expect(document.querySelector('.btr-list h2')!.textContent).toBe('Flamengo x Palmeiras');
    document.body.innerHTML = '<div id="sportsbook"></div>';
    start({ url: '/soccer/brazil/brasileirao-serie-a/old-match-e99' });
    await vi.waitFor(() => expect(text()).toContain('Este evento não está mais disponível.'));
  });

  it('lets a visitor build a slip but asks them to log in to bet (onLogin), sending nothing', async () => {
    const { onLogin, onRegister } = start();
    await loaded();
    button('Flamengo (Resultado final), cotação 2,10').click();
    expect(button('Flamengo (Resultado final), cotação 2,10').getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('[data-testid="slip-type"]')!.textContent).toBe('Simples');
    expect(document.querySelector('[data-testid="slip-potential"]')!.textContent).toMatch(/R\$\s21,00/);
    button('Apostar').click();
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(text()).toContain('Entre na sua conta para apostar.');
    button('Cadastre-se').click();
    expect(onRegister).toHaveBeenCalledTimes(1);
  });

  it('places a single and a multiple with the token, shows the balance, lists the bets and settles one through the demo control', async () => {
    const token = jwt(later());
    const bets = [{ id: 'sbx-slip-1', stake: 1000, status: 'accepted', k: '2.10', selections: [] }];
    routes['POST /sb/api/bets'] = () => ({ status: 200, json: { betslip_id: 'sbx-slip-1', status: 'accepted', balance: 9000 } });
    routes['GET /sb/api/bets'] = () => ({ status: 200, json: { betslips: bets } });
    routes['POST /sb/api/bets/sbx-slip-1/settle'] = () => {
      bets[0]!.status = 'won';
      return { status: 200, json: { betslip_id: 'sbx-slip-1', status: 'won' } };
    };
    start({ token });
    await loaded();
    button('Flamengo (Resultado final), cotação 2,10').click();
    button('Apostar').click();
    await vi.waitFor(() => expect(text()).toContain('Aposta aceita! Saldo: R$'));
    const single = calls.find((c) => c.method === 'POST')!;
    expect(single.auth).toBe(`Bearer ${token}`);
    expect(single.body).toEqual({ brand_id: 'ipe-bet', stake: 1000, selections: [{ event_id: 'e1', market_id: 'e1-1x2', outcome_id: '1' }] });

    button('Flamengo (Resultado final), cotação 2,10').click();
    button('Corinthians (Resultado final), cotação 2,50').click();
    expect(document.querySelector('[data-testid="slip-type"]')!.textContent).toBe('Múltipla (2 seleções)');
    expect(document.querySelector('[data-testid="slip-odds"]')!.textContent).toBe('5,25');
    const stake = document.querySelector<HTMLInputElement>('input[name="stake"]')!;
    stake.value = '25,50';
    stake.dispatchEvent(new Event('input'));
    button('Apostar').click();
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.startsWith('/sb/api/bets?'))).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      brand_id: 'ipe-bet',
      stake: 2550,
      selections: [
        { event_id: 'e1', market_id: 'e1-1x2', outcome_id: '1' },
        { event_id: 'e2', market_id: 'e2-1x2', outcome_id: '1' },
      ],
    });

    await vi.waitFor(() => expect(document.querySelector('[data-betslip-id="sbx-slip-1"]')).not.toBeNull());
    const bet = document.querySelector<HTMLElement>('[data-betslip-id="sbx-slip-1"]')!;
    expect(bet.textContent).toContain('Em aberto');
    bet.querySelector('select')!.value = 'won';
    bet.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await vi.waitFor(() => expect(document.querySelector('[data-betslip-id="sbx-slip-1"]')!.textContent).toContain('Ganha'));
    expect(calls.find((c) => c.url.startsWith('/sb/api/bets/sbx-slip-1/settle'))!.body).toEqual({ result: 'won' });
    expect(document.querySelector('[data-betslip-id="sbx-slip-1"] select')).toBeNull();
  });

  it('shows a refusal in the sportsbook’s words and offers a deposit (onRecharge) when the money is short', async () => {
    routes['POST /sb/api/bets'] = () => ({ status: 402, json: { status: 'refused', code: 'not_enough_money', provider_code: 2001, message: 'Saldo insuficiente.' } });
    const { onRecharge } = start({ token: jwt(later()) });
    await loaded();
    button('Flamengo (Resultado final), cotação 2,10').click();
    button('Apostar').click();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="slip-notice"]')!.textContent).toContain('Aposta recusada: Saldo insuficiente.'));
    expect(document.querySelector('[data-testid="slip-notice"]')!.getAttribute('role')).toBe('alert');
    button('Depositar').click();
    expect(onRecharge).toHaveBeenCalledTimes(1);
  });

  it('refuses a stake that is not an amount, without sending it', async () => {
    start({ token: jwt(later()) });
    await loaded();
    button('Flamengo (Resultado final), cotação 2,10').click();
    const stake = document.querySelector<HTMLInputElement>('input[name="stake"]')!;
    stake.value = 'abc';
    stake.dispatchEvent(new Event('input'));
    button('Apostar').click();
    expect(text()).toContain('Informe um valor maior que zero.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks the host for a new token when the one it holds expired (onTokenExpired) and uses it', async () => {
    const fresh = jwt(later());
    const onTokenExpired = vi.fn(async () => fresh);
    routes['POST /sb/api/bets'] = () => ({ status: 200, json: { betslip_id: 'sbx-slip-2', status: 'accepted', balance: 100 } });
    start({ token: jwt(Math.floor(Date.now() / 1000) - 10), onTokenExpired });
    await loaded();
    button('Flamengo (Resultado final), cotação 2,10').click();
    button('Apostar').click();
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(onTokenExpired).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')!.auth).toBe(`Bearer ${fresh}`);
  });

  it('renews once on a 401 and tells the host the session is gone when that fails too', async () => {
    const onTokenExpired = vi.fn(async () => null);
    routes['POST /sb/api/bets'] = () => ({ status: 401, json: { status: 'refused', code: 'invalid_token', message: 'Token inválido.' } });
    const { onSessionRefresh } = start({ token: jwt(later()), onTokenExpired });
    await loaded();
    button('Flamengo (Resultado final), cotação 2,10').click();
    button('Apostar').click();
    await vi.waitFor(() => expect(text()).toContain('Sua sessão de apostas expirou.'));
    expect(onTokenExpired).toHaveBeenCalled();
    expect(onSessionRefresh).toHaveBeenCalled();
  });

  it('kill() removes the widget and stops its requests', async () => {
    const { renderer } = start();
    renderer.kill();
    expect(document.querySelector('[data-testid="sportsbook-widget"]')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(document.querySelector('.btr-event')).toBeNull();
  });

  it('shows a retry when the feed cannot be loaded', async () => {
    routes['GET /sb/api/events'] = () => ({ status: 503, json: {} });
    start();
    await vi.waitFor(() => expect(text()).toContain('Não foi possível carregar os eventos.'));
    routes['GET /sb/api/events'] = () => ({ status: 200, json: { events: eventsFixture() } });
    button('Tentar de novo').click();
    await loaded();
  });
});
