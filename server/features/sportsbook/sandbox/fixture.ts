/**
 * The sandbox sportsbook's events: real-looking fixtures of the coming days
 * (Brazilian competitions first), in Portuguese and English, with fixed
 * decimal odds. Kick-off times move with the calendar (days from today, at
 * Brasília evening hours), so the list always looks upcoming; two events
 * are in play. Ids are stable, so a betslip's selections can be found again.
 */

export type SandboxLang = 'pt-br' | 'en';
type Names = readonly [pt: string, en: string];

export interface SandboxOutcome {
  id: string;
  name: string;
  odds: string;
}
export interface SandboxMarket {
  id: string;
  name: string;
  outcomes: SandboxOutcome[];
}
export interface SandboxEvent {
  id: string;
  sport: { id: string; name: string };
  tournament: { id: string; name: string };
  category: { id: string; name: string };
  scheduled: string;
  live: boolean;
  competitors: [string, string];
  markets: SandboxMarket[];
}

interface SportSpec {
  id: string;
  name: Names;
}
const SPORTS = {
  football: { id: 'football', name: ['Futebol', 'Soccer'] },
  basketball: { id: 'basketball', name: ['Basquete', 'Basketball'] },
  volleyball: { id: 'volleyball', name: ['Vôlei', 'Volleyball'] },
  mma: { id: 'mma', name: ['MMA', 'MMA'] },
} satisfies Record<string, SportSpec>;

const BRAZIL: Names = ['Brasil', 'Brazil'];
const ENGLAND: Names = ['Inglaterra', 'England'];
const USA: Names = ['EUA', 'USA'];
const WORLD: Names = ['Internacional', 'International'];

interface EventSpec {
  id: string;
  sport: keyof typeof SPORTS;
  tournament: { id: string; name: Names };
  category: { id: string; name: Names };
  /** Days from today (0 = today) and the Brasília hour of the start; `live` events started an hour ago. */
  day: number;
  hour: number;
  live?: boolean;
  home: string;
  away: string;
  /** Odds of home / draw / away (football) or home / away (others). */
  odds: readonly string[];
  /** Over / under odds of the total line. */
  total: readonly [line: string, over: string, under: string];
}

const SERIE_A = { id: 'brasileirao-serie-a', name: ['Brasileirão Série A', 'Brasileirão Série A'] as Names };
const COPA_DO_BRASIL = { id: 'copa-do-brasil', name: ['Copa do Brasil', 'Copa do Brasil'] as Names };
const NBB = { id: 'nbb', name: ['NBB', 'NBB (Brazil)'] as Names };
const SUPERLIGA_M = { id: 'superliga-masculina', name: ['Superliga Masculina', 'Superliga (Men)'] as Names };
const SUPERLIGA_F = { id: 'superliga-feminina', name: ['Superliga Feminina', 'Superliga (Women)'] as Names };
const UFC = { id: 'ufc', name: ['UFC Fight Night', 'UFC Fight Night'] as Names };
const PREMIER = { id: 'premier-league', name: ['Premier League', 'Premier League'] as Names };
const NBA = { id: 'nba', name: ['NBA', 'NBA'] as Names };

const EVENTS: readonly EventSpec[] = [
  { id: 'sbx-fut-1', sport: 'football', tournament: SERIE_A, category: { id: 'brazil', name: BRAZIL }, day: 0, hour: 19, live: true, home: 'Flamengo', away: 'Palmeiras', odds: ['2.10', '3.30', '3.40'], total: ['2.5', '1.95', '1.85'] },
  { id: 'sbx-fut-2', sport: 'football', tournament: SERIE_A, category: { id: 'brazil', name: BRAZIL }, day: 1, hour: 21, home: 'Corinthians', away: 'São Paulo', odds: ['2.45', '3.10', '2.95'], total: ['2.5', '2.20', '1.65'] },
  { id: 'sbx-fut-3', sport: 'football', tournament: SERIE_A, category: { id: 'brazil', name: BRAZIL }, day: 1, hour: 16, home: 'Atlético Mineiro', away: 'Cruzeiro', odds: ['2.20', '3.20', '3.25'], total: ['2.5', '2.05', '1.75'] },
  { id: 'sbx-fut-4', sport: 'football', tournament: SERIE_A, category: { id: 'brazil', name: BRAZIL }, day: 2, hour: 18, home: 'Grêmio', away: 'Internacional', odds: ['2.55', '3.00', '2.85'], total: ['2.5', '2.25', '1.62'] },
  { id: 'sbx-fut-5', sport: 'football', tournament: COPA_DO_BRASIL, category: { id: 'brazil', name: BRAZIL }, day: 3, hour: 21, home: 'Fluminense', away: 'Botafogo', odds: ['2.60', '3.05', '2.75'], total: ['2.5', '2.15', '1.70'] },
  { id: 'sbx-fut-6', sport: 'football', tournament: COPA_DO_BRASIL, category: { id: 'brazil', name: BRAZIL }, day: 3, hour: 19, home: 'Bahia', away: 'Fortaleza', odds: ['2.05', '3.25', '3.70'], total: ['2.5', '2.10', '1.72'] },
  { id: 'sbx-bas-1', sport: 'basketball', tournament: NBB, category: { id: 'brazil', name: BRAZIL }, day: 0, hour: 20, live: true, home: 'Flamengo', away: 'Franca', odds: ['1.75', '2.05'], total: ['162.5', '1.90', '1.90'] },
  { id: 'sbx-bas-2', sport: 'basketball', tournament: NBB, category: { id: 'brazil', name: BRAZIL }, day: 2, hour: 20, home: 'Minas', away: 'Paulistano', odds: ['1.60', '2.30'], total: ['158.5', '1.87', '1.93'] },
  { id: 'sbx-vol-1', sport: 'volleyball', tournament: SUPERLIGA_M, category: { id: 'brazil', name: BRAZIL }, day: 1, hour: 19, home: 'Sada Cruzeiro', away: 'Itambé Minas', odds: ['1.45', '2.70'], total: ['3.5', '1.80', '1.95'] },
  { id: 'sbx-vol-2', sport: 'volleyball', tournament: SUPERLIGA_F, category: { id: 'brazil', name: BRAZIL }, day: 2, hour: 21, home: 'Praia Clube', away: 'Osasco', odds: ['1.65', '2.20'], total: ['3.5', '1.75', '2.00'] },
  { id: 'sbx-mma-1', sport: 'mma', tournament: UFC, category: { id: 'world', name: WORLD }, day: 4, hour: 22, home: 'Charles Oliveira', away: 'Mateusz Gamrot', odds: ['1.70', '2.15'], total: ['2.5', '1.85', '1.95'] },
  { id: 'sbx-mma-2', sport: 'mma', tournament: UFC, category: { id: 'world', name: WORLD }, day: 4, hour: 21, home: 'Amanda Lemos', away: 'Tatiana Suarez', odds: ['2.60', '1.50'], total: ['2.5', '1.70', '2.10'] },
  { id: 'sbx-fut-7', sport: 'football', tournament: PREMIER, category: { id: 'england', name: ENGLAND }, day: 2, hour: 12, home: 'Arsenal', away: 'Liverpool', odds: ['2.30', '3.50', '2.95'], total: ['2.5', '1.72', '2.10'] },
  { id: 'sbx-bas-3', sport: 'basketball', tournament: NBA, category: { id: 'usa', name: USA }, day: 1, hour: 22, home: 'Los Angeles Lakers', away: 'Boston Celtics', odds: ['2.25', '1.65'], total: ['226.5', '1.91', '1.91'] },
];

const pick = (names: Names, lang: SandboxLang): string => (lang === 'en' ? names[1] : names[0]);

/** The event's start: `day` days from today at `hour` in Brasília (UTC−3); a live event started an hour before `now`. */
function scheduledAt(spec: EventSpec, now: Date): Date {
  if (spec.live) return new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 3_600_000);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today + spec.day * 86_400_000 + (spec.hour + 3) * 3_600_000);
  // Today's slot already gone: the same fixture a week on.
  return start.getTime() > now.getTime() ? start : new Date(start.getTime() + 7 * 86_400_000);
}

function marketsOf(spec: EventSpec, lang: SandboxLang): SandboxMarket[] {
  const en = lang === 'en';
  const outcome = (market: string, key: string, name: string, odds: string): SandboxOutcome => ({ id: `${spec.id}:${market}:${key}`, name, odds });
  const football = spec.sport === 'football';
  const winner: SandboxMarket = football
    ? {
        id: `${spec.id}:1x2`,
        name: en ? 'Match result' : 'Resultado final',
        outcomes: [outcome('1x2', 'home', spec.home, spec.odds[0]!), outcome('1x2', 'draw', en ? 'Draw' : 'Empate', spec.odds[1]!), outcome('1x2', 'away', spec.away, spec.odds[2]!)],
      }
    : {
        id: `${spec.id}:winner`,
        name: spec.sport === 'basketball' ? (en ? 'Winner (incl. overtime)' : 'Vencedor (incl. prorrogação)') : en ? 'Winner' : 'Vencedor',
        outcomes: [outcome('winner', 'home', spec.home, spec.odds[0]!), outcome('winner', 'away', spec.away, spec.odds[1]!)],
      };
  const [line, over, under] = spec.total;
  const unit = { football: en ? 'goals' : 'gols', basketball: en ? 'points' : 'pontos', volleyball: 'sets', mma: en ? 'rounds' : 'rounds' }[spec.sport];
  const total: SandboxMarket = {
    id: `${spec.id}:total`,
    name: en ? `Total ${unit}` : `Total de ${unit}`,
    outcomes: [outcome('total', 'over', `${en ? 'Over' : 'Mais de'} ${line}`, over), outcome('total', 'under', `${en ? 'Under' : 'Menos de'} ${line}`, under)],
  };
  return [winner, total];
}

/** Every event in `lang`, Brazilian competitions first, then by start. */
export function sandboxEvents(lang: SandboxLang, now: Date = new Date()): SandboxEvent[] {
  const events = EVENTS.map((spec) => ({
    brazilian: spec.category.id === 'brazil',
    event: {
      id: spec.id,
      sport: { id: SPORTS[spec.sport].id, name: pick(SPORTS[spec.sport].name, lang) },
      tournament: { id: spec.tournament.id, name: pick(spec.tournament.name, lang) },
      category: { id: spec.category.id, name: pick(spec.category.name, lang) },
      scheduled: scheduledAt(spec, now).toISOString(),
      live: spec.live ?? false,
      competitors: [spec.home, spec.away] as [string, string],
      markets: marketsOf(spec, lang),
    },
  }));
  return events
    .sort((a, b) => Number(b.brazilian) - Number(a.brazilian) || Number(b.event.live) - Number(a.event.live) || a.event.scheduled.localeCompare(b.event.scheduled))
    .map((e) => e.event);
}

/** A selection priced from the fixture: the event, market and outcome it names, in `lang`, or null when any is unknown. */
export function findSelection(
  lang: SandboxLang,
  selection: { event_id: string; market_id: string; outcome_id: string },
  now: Date = new Date(),
): { event: SandboxEvent; market: SandboxMarket; outcome: SandboxOutcome } | null {
  const event = sandboxEvents(lang, now).find((e) => e.id === selection.event_id);
  const market = event?.markets.find((m) => m.id === selection.market_id);
  const outcome = market?.outcomes.find((o) => o.id === selection.outcome_id);
  return event && market && outcome ? { event, market, outcome } : null;
}
