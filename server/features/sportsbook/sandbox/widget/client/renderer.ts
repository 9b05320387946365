/// <reference lib="dom" />
import { createApi, type Api, type SlipBet } from './api.ts';
import { h, reducedMotion, replaceKeepingFocus, uid, type Child } from './dom.ts';
import { formatKickOff, formatMoney, formatOdds, parseOdds, parseStake, potentialReturn, stakeText } from './format.ts';
import { fill, labelsFor, statusText, widgetLang, type WidgetLabels, type WidgetLang } from './labels.ts';
import { eventName, eventsFor, pathOf, routeOf, sportsOf, tournamentsOf, type SportEvent, type WidgetRoute } from './model.ts';
import { isPicked, refreshPicks, selectionsOf, slipOdds, toggle, type Pick } from './slip.ts';

/**
 * The sandbox sportsbook's `BTRenderer`, call-compatible with BetBy's:
 * `new BTRenderer().initialize({ brand_id, token, themeName, lang, target,
 * betSlipOffsetTop, stickyTop, betslipZIndex, url, onTokenExpired, onLogin,
 * onRegister, onRecharge, onSessionRefresh, onRouteChange })` returns the
 * renderer; `updateOptions({ url })` navigates inside it (other layout
 * options are applied too); `kill()` removes it and stops every request.
 * Everything is drawn inside `target`, in the host page's colours when it
 * has them (`--color-*` custom properties), with its own fallbacks.
 */
export interface BTOptions {
  brand_id: string;
  token?: string | null;
  themeName?: string;
  lang?: string;
  target: HTMLElement | null;
  betSlipOffsetTop?: number;
  stickyTop?: number;
  betslipZIndex?: number;
  /** The widget route to open (`/soccer/brazil/brasileirao-serie-a/…`); `/` or absent: every sport. */
  url?: string;
  onTokenExpired?: () => Promise<string | null | undefined> | string | null | undefined;
  onLogin?: () => void;
  onRegister?: () => void;
  onRecharge?: () => void;
  onSessionRefresh?: () => void;
  onRouteChange?: (path: string) => void;
}

type Feed = { status: 'loading' } | { status: 'ready'; events: SportEvent[] } | { status: 'error' };
type Notice = { tone: 'ok' | 'error' | 'info'; text: string; deposit?: boolean; login?: boolean } | null;

/** Refusals that mean "not enough money": BetBy's error 2001 (`not_enough_money`), HTTP 402, or a code that says so. */
const NO_FUNDS_CODE = 2001;
const NO_FUNDS = /not_enough_money|insufficient|funds/i;

/** Where the CSS of this build lives, relative to the script (replaced by the bundler). */
declare const __BTR_CSS_FILE__: string;

export class BTRenderer {
  private options: BTOptions | null = null;
  private lang: WidgetLang = 'pt';
  private t: WidgetLabels = labelsFor('pt');
  private base = '/';
  private api: Api | null = null;
  private controller: AbortController | null = null;
  private feed: Feed = { status: 'loading' };
  private route: WidgetRoute = { kind: 'home' };
  /** The address asked for before the feed arrived (resolved once it does). */
  private pendingPath = '/';
  private picks: Pick[] = [];
  private stake = '';
  private placing = false;
  private notice: Notice = null;
  /** The last settlement's outcome, shown above the player's bets. */
  private betsNotice: Notice = null;
  private bets: SlipBet[] | null = null;
  private slipOpen = false;
  private renewing: Promise<string | null> | null = null;
  private root: HTMLElement | null = null;
  private parts: Record<'nav' | 'list' | 'slip' | 'bets', HTMLElement> | null = null;
  private ids = { list: '', slip: '', slipPanel: '', bets: '' };

  /** `base` is the folder the script was served from (`…/sandbox-sportsbook/`); main.ts passes it. */
  constructor(base?: string) {
    if (base) this.base = base;
    else if (BTRenderer.defaultBase) this.base = BTRenderer.defaultBase;
  }

  /** Set by main.ts from the script's own address. */
  static defaultBase = '';

  initialize(options: BTOptions): this {
    if (!options?.target) throw new Error('BTRenderer: target is required');
    this.kill();
    this.options = { ...options };
    this.lang = widgetLang(options.lang);
    this.t = labelsFor(this.lang);
    this.controller = new AbortController();
    this.api = createApi({
      base: this.base,
      brandId: String(options.brand_id ?? ''),
      lang: this.lang === 'en' ? 'en' : 'pt-br',
      signal: this.controller.signal,
      getToken: () => this.options?.token || null,
      renewToken: () => this.renewToken(),
    });
    this.pendingPath = options.url || '/';
    this.mount(options.target);
    void this.loadFeed();
    if (this.options.token) void this.loadBets();
    return this;
  }

  /** BetBy's `updateOptions`: `url` navigates inside the widget; offsets and z-index re-apply. */
  updateOptions(options: Partial<BTOptions>): void {
    if (!this.options) return;
    const { url, ...rest } = options;
    this.options = { ...this.options, ...rest };
    this.applyLayout();
    if (typeof url === 'string') this.navigateTo(url, false);
  }

  /** Removes the widget from its target and stops every request and listener. */
  kill(): void {
    this.controller?.abort();
    this.controller = null;
    this.root?.remove();
    this.root = null;
    this.parts = null;
    this.api = null;
    this.options = null;
    this.feed = { status: 'loading' };
    this.route = { kind: 'home' };
    this.picks = [];
    this.stake = '';
    this.placing = false;
    this.notice = null;
    this.betsNotice = null;
    this.bets = null;
    this.slipOpen = false;
    this.renewing = null;
  }

  /** The widget route shown now (`/` while the feed loads). */
  currentPath(): string {
    return this.feed.status === 'ready' ? pathOf(this.route, this.feed.events) : this.pendingPath;
  }

  // ---- data ---------------------------------------------------------------

  private async loadFeed(): Promise<void> {
    const api = this.api;
    if (!api) return;
    this.feed = { status: 'loading' };
    this.renderList();
    const result = await api.events();
    if (api !== this.api) return;
    if (!result.ok) {
      this.feed = { status: 'error' };
    } else {
      this.feed = { status: 'ready', events: result.value };
      this.route = routeOf(this.pendingPath, result.value);
      this.picks = refreshPicks(this.picks, result.value);
    }
    this.renderAll();
  }

  private async loadBets(): Promise<void> {
    const api = this.api;
    if (!api || !this.options?.token) return;
    const result = await api.myBets();
    if (api !== this.api) return;
    if (result.ok) this.bets = result.value;
    else if (result.status === 401) this.sessionLost();
    this.renderBets();
  }

  /** One renewal at a time through the host's `onTokenExpired`; null when the host has none to give. */
  private renewToken(): Promise<string | null> {
    const ask = this.options?.onTokenExpired;
    if (!ask) return Promise.resolve(null);
    this.renewing ??= Promise.resolve()
      .then(() => ask())
      .then((token) => {
        const fresh = typeof token === 'string' && token ? token : null;
        if (this.options) this.options.token = fresh;
        return fresh;
      })
      .catch(() => null)
      .finally(() => {
        this.renewing = null;
      });
    return this.renewing;
  }

  private sessionLost(): void {
    if (!this.options) return;
    this.options.token = null;
    this.bets = null;
    this.notice = { tone: 'error', text: this.t.sessionExpired, login: true };
    this.options.onSessionRefresh?.();
    this.renderSlip();
    this.renderBets();
  }

  // ---- navigation ---------------------------------------------------------

  private navigateTo(path: string, report: boolean): void {
    if (this.feed.status !== 'ready') {
      this.pendingPath = path || '/';
      return;
    }
    this.go(routeOf(path || '/', this.feed.events), report, false);
  }

  /** Shows `route`; `report` tells the host (onRouteChange); `focus` moves the keyboard to the new list. */
  private go(route: WidgetRoute, report: boolean, focus: boolean): void {
    if (this.feed.status !== 'ready') return;
    const before = pathOf(this.route, this.feed.events);
    this.route = route;
    this.renderNav();
    this.renderList();
    const after = pathOf(route, this.feed.events);
    if (focus) {
      const heading = this.parts?.list.querySelector<HTMLElement>('h2');
      heading?.focus({ preventScroll: true });
      heading?.scrollIntoView({ block: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
    }
    if (report && after !== before) this.options?.onRouteChange?.(after);
  }

  // ---- bet slip -----------------------------------------------------------

  private pick(event: SportEvent, marketId: string, outcomeId: string): void {
    const hadPicks = this.picks.length;
    this.picks = toggle(this.picks, event, marketId, outcomeId);
    if (hadPicks === 0 && this.picks.length > 0 && this.stake === '') this.stake = stakeText(1000, this.lang);
    this.notice = null;
    this.updateOddsButtons();
    this.renderSlip();
  }

  private async place(): Promise<void> {
    const options = this.options;
    const api = this.api;
    if (!options || !api || this.placing || this.picks.length === 0) return;
    if (!options.token) {
      this.notice = { tone: 'info', text: this.t.loginToBet, login: true };
      this.renderSlip();
      options.onLogin?.();
      return;
    }
    const stake = parseStake(this.stake, this.lang);
    if (stake === null) {
      this.notice = { tone: 'error', text: this.t.stakeInvalid };
      this.renderSlip();
      this.parts?.slip.querySelector<HTMLInputElement>('input[name="stake"]')?.focus();
      return;
    }
    this.placing = true;
    this.notice = { tone: 'info', text: this.t.placing };
    this.renderSlip();
    const result = await api.placeBet(stake, selectionsOf(this.picks));
    if (api !== this.api) return;
    this.placing = false;
    if (result.ok) {
      this.picks = [];
      this.notice = { tone: 'ok', text: fill(this.t.accepted, { balance: formatMoney(result.value.balance, this.lang) }) };
      this.updateOddsButtons();
      void this.loadBets();
    } else if (result.status === 401) {
      this.sessionLost();
      return;
    } else {
      const message = result.message ?? (result.code === 'network' ? this.t.network : this.t.failed);
      this.notice = { tone: 'error', text: result.message ? fill(this.t.refused, { message }) : message, deposit: result.providerCode === NO_FUNDS_CODE || result.status === 402 || NO_FUNDS.test(result.code) };
    }
    this.renderSlip();
  }

  private async settle(bet: SlipBet, result: string): Promise<void> {
    const api = this.api;
    if (!api) return;
    const answer = await api.settle(bet.id, result);
    if (api !== this.api) return;
    this.betsNotice = answer.ok
      ? { tone: 'ok', text: fill(this.t.settled, { id: bet.id, status: statusText(this.t, answer.value.status) }) }
      : { tone: 'error', text: answer.message ?? (answer.code === 'network' ? this.t.network : this.t.failed) };
    await this.loadBets();
  }

  // ---- rendering ----------------------------------------------------------

  private mount(target: HTMLElement): void {
    const t = this.t;
    this.ids = { list: uid('btr-list'), slip: uid('btr-slip'), slipPanel: uid('btr-slip-panel'), bets: uid('btr-bets') };
    this.ensureStylesheet();
    const nav = h('nav', { class: 'btr-nav', 'aria-label': t.sports });
    const list = h('section', { class: 'btr-list', 'aria-labelledby': this.ids.list });
    const slip = h('aside', { class: 'btr-slip', 'aria-labelledby': this.ids.slip });
    const bets = h('section', { class: 'btr-bets', 'aria-labelledby': this.ids.bets });
    this.root = h(
      'div',
      { class: 'btr', lang: this.lang === 'en' ? 'en' : 'pt-BR', 'data-theme': this.options?.themeName || 'default', 'data-testid': 'sportsbook-widget' },
      h('p', { class: 'btr-badge', 'data-testid': 'sportsbook-badge' }, t.badge),
      nav,
      h('div', { class: 'btr-body' }, h('div', { class: 'btr-main' }, list, bets), slip),
    );
    this.parts = { nav, list, slip, bets };
    this.applyLayout();
    target.append(this.root);
    this.renderAll();
  }

  /** The stylesheet of this build, once per document (a second widget shares it). */
  private ensureStylesheet(): void {
    const href = `${this.base}assets/${typeof __BTR_CSS_FILE__ === 'string' ? __BTR_CSS_FILE__ : 'renderer.css'}`;
    if (document.querySelector(`link[data-btr-style][href="${href}"]`)) return;
    document.head.append(h('link', { rel: 'stylesheet', href, 'data-btr-style': true }));
  }

  private applyLayout(): void {
    if (!this.root || !this.options) return;
    const px = (value: unknown, fallback: number) => `${typeof value === 'number' && Number.isFinite(value) ? value : fallback}px`;
    this.root.style.setProperty('--btr-sticky-top', px(this.options.stickyTop, 0));
    this.root.style.setProperty('--btr-slip-top', px(this.options.betSlipOffsetTop, 0));
    this.root.style.setProperty('--btr-slip-z', String(typeof this.options.betslipZIndex === 'number' ? this.options.betslipZIndex : 10));
  }

  private renderAll(): void {
    this.renderNav();
    this.renderList();
    this.renderSlip();
    this.renderBets();
  }

  private renderNav(): void {
    const part = this.parts?.nav;
    if (!part) return;
    if (this.feed.status !== 'ready') {
      part.replaceChildren();
      return;
    }
    const events = this.feed.events;
    const sportId = this.route.kind === 'sport' || this.route.kind === 'tournament' ? this.route.sportId : this.route.kind === 'event' ? events.find((e) => e.id === (this.route as { eventId: string }).eventId)?.sport.id : undefined;
    const tournamentId = this.route.kind === 'tournament' ? this.route.tournamentId : undefined;
    const eventTournament = this.route.kind === 'event' ? events.find((e) => e.id === (this.route as { eventId: string }).eventId)?.tournament.id : undefined;
    // `page` for the route shown; `true` for the sport that holds the competition or event shown.
    const chip = (label: string, key: string, current: 'page' | 'true' | undefined, route: WidgetRoute) =>
      h('li', {}, h('button', { type: 'button', class: 'btr-chip', 'data-key': key, 'aria-current': current, onclick: () => this.go(route, true, true) }, label));
    const sports = h(
      'ul',
      { class: 'btr-chips', 'aria-label': this.t.sports },
      chip(this.t.allSports, 'sport:*', this.route.kind === 'home' ? 'page' : undefined, { kind: 'home' }),
      ...sportsOf(events).map((s) =>
        chip(s.name, `sport:${s.id}`, sportId === s.id ? (this.route.kind === 'sport' ? 'page' : 'true') : undefined, { kind: 'sport', sportId: s.id }),
      ),
    );
    const tournaments = sportId
      ? h(
          'ul',
          { class: 'btr-chips btr-chips--small', 'aria-label': this.t.tournaments },
          ...tournamentsOf(events, sportId).map(({ tournament }) =>
            chip(tournament.name, `tournament:${tournament.id}`, tournamentId === tournament.id ? 'page' : eventTournament === tournament.id ? 'true' : undefined, {
              kind: 'tournament',
              sportId,
              tournamentId: tournament.id,
            }),
          ),
        )
      : null;
    replaceKeepingFocus(part, [sports, tournaments]);
  }

  private listHeading(text: string): HTMLElement {
    return h('h2', { id: this.ids.list, class: 'btr-heading', tabindex: -1 }, text);
  }

  private renderList(): void {
    const part = this.parts?.list;
    if (!part) return;
    const t = this.t;
    if (this.feed.status === 'loading') {
      part.setAttribute('aria-busy', 'true');
      replaceKeepingFocus(part, [this.listHeading(t.sports), h('p', { class: 'btr-muted' }, t.loading)]);
      return;
    }
    part.removeAttribute('aria-busy');
    if (this.feed.status === 'error') {
      replaceKeepingFocus(part, [
        this.listHeading(t.sports),
        h('p', { class: 'btr-notice btr-notice--error', role: 'alert' }, t.loadFailed),
        h('button', { type: 'button', class: 'btr-button', 'data-key': 'retry', onclick: () => void this.loadFeed() }, t.retry),
      ]);
      return;
    }
    const events = this.feed.events;
    const route = this.route;
    if (route.kind === 'event') {
      const event = events.find((e) => e.id === route.eventId)!;
      replaceKeepingFocus(part, [
        h('button', { type: 'button', class: 'btr-back', 'data-key': 'back', onclick: () => this.go({ kind: 'tournament', sportId: event.sport.id, tournamentId: event.tournament.id }, true, true) }, `← ${t.back}`),
        this.listHeading(eventName(event)),
        this.eventMeta(event),
        ...event.markets.map((market) =>
          h('section', { class: 'btr-market' }, h('h3', { class: 'btr-market__name' }, market.name), this.oddsGroup(event, market.id)),
        ),
      ]);
      return;
    }
    if (route.kind === 'missing') {
      replaceKeepingFocus(part, [
        this.listHeading(t.sports),
        h('p', { class: 'btr-notice btr-notice--info' }, t.notFound),
        h('button', { type: 'button', class: 'btr-button', 'data-key': 'home', onclick: () => this.go({ kind: 'home' }, true, true) }, t.allSports),
      ]);
      return;
    }
    const shown = eventsFor(route, events);
    const title =
      route.kind === 'sport'
        ? shown[0]?.sport.name ?? t.sports
        : route.kind === 'tournament'
          ? shown[0]?.tournament.name ?? t.sports
          : t.allEvents;
    replaceKeepingFocus(part, [
      this.listHeading(title),
      shown.length === 0 ? h('p', { class: 'btr-muted' }, t.noEvents) : h('ul', { class: 'btr-events' }, ...shown.map((e) => h('li', {}, this.eventCard(e)))),
    ]);
  }

  private eventMeta(event: SportEvent): HTMLElement {
    return h(
      'p',
      { class: 'btr-event__meta' },
      event.live ? h('span', { class: 'btr-live' }, this.t.live) : null,
      `${event.tournament.name} · `,
      h('time', { datetime: event.scheduled }, formatKickOff(event.scheduled, this.lang)),
    );
  }

  private eventCard(event: SportEvent): HTMLElement {
    const main = event.markets[0];
    const open = () => this.go({ kind: 'event', eventId: event.id }, true, true);
    const headingId = uid('btr-event');
    return h(
      'article',
      { class: 'btr-event', 'aria-labelledby': headingId, 'data-event-id': event.id },
      this.eventMeta(event),
      h('h3', { class: 'btr-event__name', id: headingId }, h('button', { type: 'button', class: 'btr-link', 'data-key': `open:${event.id}`, onclick: open }, eventName(event))),
      main ? h('p', { class: 'btr-market__name' }, main.name) : null,
      main ? this.oddsGroup(event, main.id) : null,
      event.markets.length > 1
        ? h('button', { type: 'button', class: 'btr-more', 'data-key': `more:${event.id}`, 'aria-label': fill(this.t.allMarkets, { event: eventName(event) }), onclick: open }, fill(this.t.moreMarkets, { count: event.markets.length - 1 }))
        : null,
    );
  }

  private oddsGroup(event: SportEvent, marketId: string): HTMLElement {
    const market = event.markets.find((m) => m.id === marketId)!;
    return h(
      'div',
      { class: 'btr-odds', role: 'group', 'aria-label': `${eventName(event)}: ${market.name}` },
      ...market.outcomes.map((outcome) => {
        const odds = parseOdds(outcome.odds);
        const text = Number.isNaN(odds) ? '—' : formatOdds(odds, this.lang);
        return h(
          'button',
          {
            type: 'button',
            class: 'btr-odd',
            'data-key': `odd:${event.id}:${market.id}:${outcome.id}`,
            'data-event': event.id,
            'data-market': market.id,
            'data-outcome': outcome.id,
            'aria-pressed': String(isPicked(this.picks, event.id, market.id, outcome.id)),
            'aria-label': fill(this.t.oddsLabel, { outcome: outcome.name, market: market.name, odds: text }),
            disabled: Number.isNaN(odds),
            onclick: () => this.pick(event, market.id, outcome.id),
          },
          h('span', { class: 'btr-odd__name' }, outcome.name),
          h('span', { class: 'btr-odd__value' }, text),
        );
      }),
    );
  }

  /** Pressed state of every odds button, without redrawing the list (focus and scroll stay). */
  private updateOddsButtons(): void {
    for (const button of this.parts?.list.querySelectorAll<HTMLButtonElement>('button[data-outcome]') ?? []) {
      const { event = '', market = '', outcome = '' } = button.dataset;
      button.setAttribute('aria-pressed', String(isPicked(this.picks, event, market, outcome)));
    }
  }

  private renderSlip(): void {
    const part = this.parts?.slip;
    if (!part || !this.options) return;
    const t = this.t;
    const count = this.picks.length;
    part.classList.toggle('is-open', this.slipOpen);
    const toggleButton = h(
      'button',
      {
        type: 'button',
        class: 'btr-slip__toggle',
        'data-key': 'slip-toggle',
        'aria-expanded': String(this.slipOpen),
        'aria-controls': this.ids.slipPanel,
        onclick: () => {
          this.slipOpen = !this.slipOpen;
          this.renderSlip();
        },
      },
      fill(t.slipCount, { count }),
      count > 0 ? h('span', { class: 'btr-slip__odds' }, formatOdds(slipOdds(this.picks), this.lang)) : null,
    );
    const panel = h('div', { class: 'btr-slip__panel', id: this.ids.slipPanel }, h('h2', { id: this.ids.slip, class: 'btr-heading' }, t.slip));
    if (count === 0) {
      panel.append(h('p', { class: 'btr-muted' }, t.slipEmpty));
    } else {
      panel.append(
        h('p', { class: 'btr-slip__type', 'data-testid': 'slip-type' }, count === 1 ? t.single : fill(t.multiple, { count })),
        h(
          'ul',
          { class: 'btr-picks' },
          ...this.picks.map((p) =>
            h(
              'li',
              { class: 'btr-pick' },
              h('span', { class: 'btr-pick__outcome' }, p.outcomeName),
              h('span', { class: 'btr-pick__odds' }, formatOdds(p.odds, this.lang)),
              h('span', { class: 'btr-pick__event' }, `${p.eventName} · ${p.marketName}`),
              h(
                'button',
                {
                  type: 'button',
                  class: 'btr-pick__remove',
                  'data-key': `remove:${p.eventId}`,
                  'aria-label': fill(t.remove, { outcome: `${p.outcomeName} (${p.eventName})` }),
                  onclick: () => {
                    this.picks = this.picks.filter((x) => x !== p);
                    this.updateOddsButtons();
                    this.renderSlip();
                  },
                },
                '×',
              ),
            ),
          ),
        ),
        this.stakeForm(),
      );
    }
    const notice = this.noticeElement();
    if (notice) panel.append(notice);
    replaceKeepingFocus(part, [toggleButton, panel]);
  }

  private stakeForm(): HTMLElement {
    const t = this.t;
    const inputId = uid('btr-stake');
    const odds = slipOdds(this.picks);
    const stake = parseStake(this.stake, this.lang);
    const potential = h('output', { class: 'btr-slip__potential', for: inputId, 'data-testid': 'slip-potential' }, stake === null ? '—' : formatMoney(potentialReturn(stake, odds), this.lang));
    const input = h('input', {
      id: inputId,
      name: 'stake',
      class: 'btr-input',
      'data-key': 'stake',
      inputmode: 'decimal',
      autocomplete: 'off',
      value: this.stake,
      placeholder: stakeText(1000, this.lang),
      oninput: (event: Event) => {
        this.stake = (event.target as HTMLInputElement).value;
        const value = parseStake(this.stake, this.lang);
        potential.textContent = value === null ? '—' : formatMoney(potentialReturn(value, odds), this.lang);
      },
    });
    return h(
      'form',
      {
        class: 'btr-slip__form',
        novalidate: true,
        onsubmit: (event: Event) => {
          event.preventDefault();
          void this.place();
        },
      },
      h('p', { class: 'btr-slip__row' }, h('span', {}, t.totalOdds), h('strong', { 'data-testid': 'slip-odds' }, formatOdds(odds, this.lang))),
      h('label', { class: 'btr-label', for: inputId }, t.stake),
      input,
      h('p', { class: 'btr-slip__row' }, h('span', {}, t.potential), potential),
      h('button', { type: 'submit', class: 'btr-button btr-button--primary', 'data-key': 'place', 'aria-disabled': String(this.placing) }, this.placing ? t.placing : t.place),
      h('button', {
        type: 'button',
        class: 'btr-link btr-slip__clear',
        'data-key': 'clear',
        onclick: () => {
          this.picks = [];
          this.notice = null;
          this.updateOddsButtons();
          this.renderSlip();
        },
      }, t.clear),
    );
  }

  private noticeElement(): HTMLElement | null {
    const notice = this.notice;
    if (!notice) return null;
    const o = this.options;
    return h(
      'div',
      { class: `btr-notice btr-notice--${notice.tone}`, role: notice.tone === 'error' ? 'alert' : 'status', 'data-testid': 'slip-notice' },
      h('p', {}, notice.text),
      notice.deposit && o?.onRecharge ? h('button', { type: 'button', class: 'btr-button', 'data-key': 'deposit', onclick: () => o.onRecharge?.() }, this.t.deposit) : null,
      notice.login && o?.onLogin ? h('button', { type: 'button', class: 'btr-button', 'data-key': 'login', onclick: () => o.onLogin?.() }, this.t.login) : null,
      notice.login && o?.onRegister ? h('button', { type: 'button', class: 'btr-button', 'data-key': 'register', onclick: () => o.onRegister?.() }, this.t.register) : null,
    );
  }

  private renderBets(): void {
    const part = this.parts?.bets;
    if (!part) return;
    const t = this.t;
    if (!this.options?.token || this.bets === null) {
      part.hidden = true;
      part.replaceChildren();
      return;
    }
    part.hidden = false;
    const notice = this.betsNotice;
    const heading = h(
      'div',
      { class: 'btr-bets__head' },
      h('h2', { id: this.ids.bets, class: 'btr-heading', tabindex: -1 }, t.myBets),
      notice ? h('p', { class: `btr-notice btr-notice--${notice.tone}`, role: notice.tone === 'error' ? 'alert' : 'status', 'data-testid': 'bets-notice' }, notice.text) : null,
    );
    if (this.bets.length === 0) {
      replaceKeepingFocus(part, [heading, h('p', { class: 'btr-muted' }, t.myBetsEmpty)]);
      return;
    }
    replaceKeepingFocus(part, [heading, h('ul', { class: 'btr-bets__list' }, ...this.bets.map((bet) => h('li', { class: 'btr-bet', 'data-betslip-id': bet.id }, ...this.betRow(bet))))]);
  }

  private betRow(bet: SlipBet): Child[] {
    const t = this.t;
    const odds = parseOdds(bet.k);
    const open = bet.status === 'open' || bet.status === 'accepted';
    const selectId = uid('btr-result');
    const select = h(
      'select',
      { id: selectId, class: 'btr-input btr-input--select', 'data-key': `result:${bet.id}` },
      ...(['won', 'lost', 'void'] as const).map((r) => h('option', { value: r }, t[`result.${r}`])),
    );
    return [
      h('p', { class: 'btr-bet__title' }, h('strong', {}, fill(t.betId, { id: bet.id })), ' ', h('span', { class: `btr-pill btr-pill--${bet.status}` }, statusText(t, bet.status))),
      h('p', { class: 'btr-muted' }, fill(t.betStake, { stake: formatMoney(bet.stake, this.lang), odds: Number.isNaN(odds) ? bet.k : formatOdds(odds, this.lang) })),
      open
        ? h(
            'form',
            {
              class: 'btr-settle',
              onsubmit: (event: Event) => {
                event.preventDefault();
                void this.settle(bet, select.value);
              },
            },
            h(
              'fieldset',
              {},
              h('legend', {}, fill(t.settleLegend, { id: bet.id })),
              h('label', { for: selectId }, t.settleResult),
              select,
              h('button', { type: 'submit', class: 'btr-button', 'data-key': `settle:${bet.id}` }, t.settle),
            ),
          )
        : null,
    ];
  }
}
