/*
 * Every word the sandbox sportsbook widget shows, in pt-BR (the base) and
 * en-US, chosen by the `lang` given to `initialize` (`pt-br` / `en`, as
 * BetBy's). The widget is a third party's, so its texts live with it, not in
 * the site's i18n files. `{name}` placeholders are filled by `fill`.
 */

const pt = {
  badge: 'Ambiente de demonstração — sportsbook sandbox',
  region: 'Apostas esportivas',
  sports: 'Esportes',
  allSports: 'Todos',
  allEvents: 'Todos os eventos',
  tournaments: 'Campeonatos',
  loading: 'Carregando eventos…',
  loadFailed: 'Não foi possível carregar os eventos. Tente de novo.',
  retry: 'Tentar de novo',
  noEvents: 'Nenhum evento disponível agora.',
  notFound: 'Este evento não está mais disponível.',
  back: 'Voltar',
  live: 'Ao vivo',
  moreMarkets: '+{count} mercados',
  allMarkets: 'Todos os mercados de {event}',
  oddsLabel: '{outcome} ({market}), cotação {odds}',
  slip: 'Boletim de apostas',
  slipCount: 'Boletim ({count})',
  slipEmpty: 'Clique em uma cotação para montar sua aposta.',
  single: 'Simples',
  multiple: 'Múltipla ({count} seleções)',
  remove: 'Remover {outcome}',
  clear: 'Limpar boletim',
  totalOdds: 'Cotação total',
  stake: 'Valor da aposta (R$)',
  stakeInvalid: 'Informe um valor maior que zero.',
  potential: 'Retorno potencial',
  place: 'Apostar',
  placing: 'Enviando aposta…',
  loginToBet: 'Entre na sua conta para apostar.',
  login: 'Entrar',
  register: 'Cadastre-se',
  accepted: 'Aposta aceita! Saldo: {balance}.',
  refused: 'Aposta recusada: {message}',
  network: 'Sem conexão com o sportsbook. Verifique a internet e tente de novo.',
  failed: 'O sportsbook não respondeu como esperado. Tente de novo.',
  deposit: 'Depositar',
  myBets: 'Minhas apostas',
  myBetsEmpty: 'Nenhuma aposta ainda.',
  betId: 'Aposta {id}',
  betStake: 'Valor: {stake} · Cotação {odds}',
  'status.open': 'Em aberto',
  'status.accepted': 'Em aberto',
  'status.won': 'Ganha',
  'status.lost': 'Perdida',
  'status.void': 'Anulada',
  'status.refunded': 'Reembolsada',
  'status.half-won': 'Meio ganha',
  'status.cashed-out': 'Encerrada (cash out)',
  'status.rolled-back': 'Revertida',
  'status.placing': 'Enviando',
  'status.refused': 'Recusada',
  'status.settling': 'Liquidando…',
  settleLegend: 'Demonstração: liquidar a aposta {id}',
  settleResult: 'Resultado',
  'result.won': 'Ganhou',
  'result.lost': 'Perdeu',
  'result.void': 'Anulada',
  settle: 'Liquidar',
  settled: 'Aposta {id} liquidada: {status}.',
  sessionExpired: 'Sua sessão de apostas expirou. Entre de novo.',
} as const;

export type WidgetLabelKey = keyof typeof pt;
export type WidgetLabels = Record<WidgetLabelKey, string>;

const en: WidgetLabels = {
  badge: 'Demo environment — sandbox sportsbook',
  region: 'Sports betting',
  sports: 'Sports',
  allSports: 'All',
  allEvents: 'All events',
  tournaments: 'Competitions',
  loading: 'Loading events…',
  loadFailed: 'The events could not be loaded. Try again.',
  retry: 'Try again',
  noEvents: 'No events available right now.',
  notFound: 'This event is no longer available.',
  back: 'Back',
  live: 'Live',
  moreMarkets: '+{count} markets',
  allMarkets: 'All markets of {event}',
  oddsLabel: '{outcome} ({market}), odds {odds}',
  slip: 'Bet slip',
  slipCount: 'Bet slip ({count})',
  slipEmpty: 'Click odds to build your bet.',
  single: 'Single',
  multiple: 'Multiple ({count} selections)',
  remove: 'Remove {outcome}',
  clear: 'Clear bet slip',
  totalOdds: 'Total odds',
  stake: 'Stake (R$)',
  stakeInvalid: 'Enter an amount above zero.',
  potential: 'Potential return',
  place: 'Place bet',
  placing: 'Placing bet…',
  loginToBet: 'Log in to place bets.',
  login: 'Log in',
  register: 'Sign up',
  accepted: 'Bet accepted! Balance: {balance}.',
  refused: 'Bet refused: {message}',
  network: 'No connection to the sportsbook. Check your internet and try again.',
  failed: 'The sportsbook did not answer as expected. Try again.',
  deposit: 'Deposit',
  myBets: 'My bets',
  myBetsEmpty: 'No bets yet.',
  betId: 'Bet {id}',
  betStake: 'Stake: {stake} · Odds {odds}',
  'status.open': 'Open',
  'status.accepted': 'Open',
  'status.won': 'Won',
  'status.lost': 'Lost',
  'status.void': 'Void',
  'status.refunded': 'Refunded',
  'status.half-won': 'Half won',
  'status.cashed-out': 'Cashed out',
  'status.rolled-back': 'Rolled back',
  'status.placing': 'Placing',
  'status.refused': 'Refused',
  'status.settling': 'Settling…',
  settleLegend: 'Demo: settle bet {id}',
  settleResult: 'Result',
  'result.won': 'Won',
  'result.lost': 'Lost',
  'result.void': 'Void',
  settle: 'Settle',
  settled: 'Bet {id} settled: {status}.',
  sessionExpired: 'Your betting session expired. Log in again.',
};

export type WidgetLang = 'pt' | 'en';

/** BetBy's `lang` (`pt-br`, `pt`, `en`, `en-us`…) to the widget's two languages; anything else is Portuguese. */
export function widgetLang(lang: unknown): WidgetLang {
  return typeof lang === 'string' && lang.toLowerCase().startsWith('en') ? 'en' : 'pt';
}

export function labelsFor(lang: WidgetLang): WidgetLabels {
  return lang === 'en' ? en : pt;
}

/** `fill('Aposta {id}', { id: 7 })` → `Aposta 7`; unknown placeholders stay as written. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The text of a status or result key, or the raw value when the widget has no word for it. */
export function statusText(labels: WidgetLabels, status: string): string {
  const key = `status.${status}` as WidgetLabelKey;
  return key in labels ? labels[key] : status;
}
