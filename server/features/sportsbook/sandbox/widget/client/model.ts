import { slugify } from './format.ts';

/** The sandbox sportsbook's event feed (`GET {base}api/events?lang`), as the protocol brief states it. */
export interface Named {
  id: string;
  name: string;
}

export interface Outcome extends Named {
  odds: string;
}

export interface Market extends Named {
  outcomes: Outcome[];
}

export interface SportEvent {
  id: string;
  sport: Named;
  tournament: Named;
  category: Named;
  scheduled: string;
  live: boolean;
  competitors: string[];
  markets: Market[];
}

/**
 * The widget's own routes, BetBy style (the host page prefixes them, e.g.
 * `/sportsbook/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1`):
 * `/` every sport, `/{sport}`, `/{sport}/{category}/{tournament}`, and
 * `/{sport}/{category}/{tournament}/{event}`.
 */
export type WidgetRoute =
  | { kind: 'home' }
  | { kind: 'sport'; sportId: string }
  | { kind: 'tournament'; sportId: string; tournamentId: string }
  | { kind: 'event'; eventId: string }
  | { kind: 'missing' };

const SLUG_ID = /^[a-z][a-z0-9-]*$/;

/**
 * A URL segment for an id and its name: the id itself when it already reads
 * as a slug (`soccer`, `brasileirao-serie-a`), else `{name}-{id}`, so an
 * address stays the same in both languages (matching goes by the id).
 */
export function segmentFor(entity: Named): string {
  const id = String(entity.id);
  if (SLUG_ID.test(id)) return id;
  const name = slugify(entity.name);
  const idSlug = slugify(id);
  return name ? `${name}-${idSlug}` : idSlug;
}

/** Whether an address segment names `entity` (in any language: by its id or the `-{id}` suffix). */
export function segmentMatches(segment: string, entity: Named): boolean {
  const id = slugify(String(entity.id));
  return segment === segmentFor(entity) || segment === id || segment.endsWith(`-${id}`);
}

export function eventName(event: SportEvent): string {
  return event.competitors.join(' x ');
}

/** An event's segment always reads as its match (`flamengo-x-palmeiras-sbx-fut-1`); matching goes by the id at its end. */
export function eventSegment(event: SportEvent): string {
  const name = slugify(eventName(event));
  const id = slugify(event.id);
  return name ? `${name}-${id}` : id;
}

/** The widget path of a route (`/` for home). */
export function pathOf(route: WidgetRoute, events: readonly SportEvent[]): string {
  switch (route.kind) {
    case 'home':
    case 'missing':
      return '/';
    case 'sport': {
      const sport = events.find((e) => e.sport.id === route.sportId)?.sport;
      return sport ? `/${segmentFor(sport)}` : '/';
    }
    case 'tournament': {
      const event = events.find((e) => e.sport.id === route.sportId && e.tournament.id === route.tournamentId);
      return event ? `/${segmentFor(event.sport)}/${segmentFor(event.category)}/${segmentFor(event.tournament)}` : '/';
    }
    case 'event': {
      const event = events.find((e) => e.id === route.eventId);
      return event ? `/${segmentFor(event.sport)}/${segmentFor(event.category)}/${segmentFor(event.tournament)}/${eventSegment(event)}` : '/';
    }
  }
}

/**
 * The route an address names. An empty path is home; a path naming nothing
 * in the feed (an event that ended, a typo) is `missing`, shown as such
 * rather than silently as home.
 */
export function routeOf(path: string, events: readonly SportEvent[]): WidgetRoute {
  const segments = path
    .split(/[?#]/)[0]!
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
  if (segments.length === 0) return { kind: 'home' };
  const inSport = events.filter((e) => segmentMatches(segments[0]!, e.sport));
  if (inSport.length === 0) return { kind: 'missing' };
  const sportId = inSport[0]!.sport.id;
  if (segments.length === 1) return { kind: 'sport', sportId };
  if (segments.length === 2) {
    const inCategory = inSport.filter((e) => segmentMatches(segments[1]!, e.category));
    return inCategory.length > 0 ? { kind: 'sport', sportId } : { kind: 'missing' };
  }
  const inTournament = inSport.filter((e) => segmentMatches(segments[1]!, e.category) && segmentMatches(segments[2]!, e.tournament));
  if (inTournament.length === 0) return { kind: 'missing' };
  if (segments.length === 3) return { kind: 'tournament', sportId, tournamentId: inTournament[0]!.tournament.id };
  const event = inTournament.find((e) => segmentMatches(segments[3]!, { id: e.id, name: eventName(e) }));
  return event && segments.length === 4 ? { kind: 'event', eventId: event.id } : { kind: 'missing' };
}

/** Sports in feed order (Brazilian leagues first is the feed's own order), each once. */
export function sportsOf(events: readonly SportEvent[]): Named[] {
  const seen = new Map<string, Named>();
  for (const e of events) if (!seen.has(e.sport.id)) seen.set(e.sport.id, e.sport);
  return [...seen.values()];
}

/** A sport's tournaments in feed order, with their category for the address. */
export function tournamentsOf(events: readonly SportEvent[], sportId: string): { tournament: Named; category: Named }[] {
  const seen = new Map<string, { tournament: Named; category: Named }>();
  for (const e of events) if (e.sport.id === sportId && !seen.has(e.tournament.id)) seen.set(e.tournament.id, { tournament: e.tournament, category: e.category });
  return [...seen.values()];
}

/** The events a route lists (an event route lists that one event). */
export function eventsFor(route: WidgetRoute, events: readonly SportEvent[]): SportEvent[] {
  switch (route.kind) {
    case 'home':
      return [...events];
    case 'sport':
      return events.filter((e) => e.sport.id === route.sportId);
    case 'tournament':
      return events.filter((e) => e.sport.id === route.sportId && e.tournament.id === route.tournamentId);
    case 'event':
      return events.filter((e) => e.id === route.eventId);
    case 'missing':
      return [];
  }
}

/** Loose check of one feed entry: enough to render it without throwing. */
export function isSportEvent(value: unknown): value is SportEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  const named = (n: unknown) => typeof n === 'object' && n !== null && typeof (n as Named).name === 'string' && (n as Named).id !== undefined;
  return (
    (typeof e.id === 'string' || typeof e.id === 'number') &&
    named(e.sport) &&
    named(e.tournament) &&
    named(e.category) &&
    Array.isArray(e.competitors) &&
    Array.isArray(e.markets) &&
    e.markets.every((m: unknown) => named(m) && Array.isArray((m as Market).outcomes))
  );
}

/** Feed entries with ids as strings (a provider may send numbers). */
export function normaliseEvent(e: SportEvent): SportEvent {
  const s = (n: Named): Named => ({ id: String(n.id), name: n.name });
  return {
    ...e,
    id: String(e.id),
    sport: s(e.sport),
    tournament: s(e.tournament),
    category: s(e.category),
    competitors: e.competitors.map(String),
    markets: e.markets.map((m) => ({ ...s(m), outcomes: m.outcomes.map((o) => ({ id: String(o.id), name: o.name, odds: String(o.odds) })) })),
  };
}
