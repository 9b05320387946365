import { combinedOdds, parseOdds } from './format.ts';
import type { Selection } from './api.ts';
import { eventName, type SportEvent } from './model.ts';

/** One pick in the bet slip, with what the slip shows of it. */
export interface Pick {
  eventId: string;
  marketId: string;
  outcomeId: string;
  eventName: string;
  marketName: string;
  outcomeName: string;
  odds: number;
}

/**
 * The bet slip's picks, one per event: picking another outcome of an event
 * already in the slip replaces it (a multiple cannot hold two outcomes of
 * one event); picking the same outcome again removes it. One pick is a
 * single, two or more a multiple.
 */
export function toggle(picks: readonly Pick[], event: SportEvent, marketId: string, outcomeId: string): Pick[] {
  const existing = picks.find((p) => p.eventId === event.id);
  if (existing && existing.marketId === marketId && existing.outcomeId === outcomeId) return picks.filter((p) => p !== existing);
  const market = event.markets.find((m) => m.id === marketId);
  const outcome = market?.outcomes.find((o) => o.id === outcomeId);
  const odds = outcome ? parseOdds(outcome.odds) : Number.NaN;
  if (!market || !outcome || Number.isNaN(odds)) return [...picks];
  const pick: Pick = { eventId: event.id, marketId, outcomeId, eventName: eventName(event), marketName: market.name, outcomeName: outcome.name, odds };
  return existing ? picks.map((p) => (p === existing ? pick : p)) : [...picks, pick];
}

export function isPicked(picks: readonly Pick[], eventId: string, marketId: string, outcomeId: string): boolean {
  return picks.some((p) => p.eventId === eventId && p.marketId === marketId && p.outcomeId === outcomeId);
}

export function slipOdds(picks: readonly Pick[]): number {
  return picks.length === 0 ? 0 : combinedOdds(picks.map((p) => p.odds));
}

/** What `POST api/bets` takes: the sportsbook prices the slip from its own fixture, never from these odds. */
export function selectionsOf(picks: readonly Pick[]): Selection[] {
  return picks.map((p) => ({ event_id: p.eventId, market_id: p.marketId, outcome_id: p.outcomeId }));
}

/** Picks whose event or outcome left the feed are dropped; the others take the feed's current odds. */
export function refreshPicks(picks: readonly Pick[], events: readonly SportEvent[]): Pick[] {
  return picks.flatMap((p) => {
    const event = events.find((e) => e.id === p.eventId);
    const outcome = event?.markets.find((m) => m.id === p.marketId)?.outcomes.find((o) => o.id === p.outcomeId);
    const odds = outcome ? parseOdds(outcome.odds) : Number.NaN;
    return Number.isNaN(odds) ? [] : [{ ...p, odds }];
  });
}
