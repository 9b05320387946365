import { describe, expect, it } from 'vitest';
import { combinedOdds, parseStake, potentialReturn, slugify } from '../../../../../../server/features/sportsbook/sandbox/widget/client/format.ts';
import { eventSegment, pathOf, routeOf, segmentFor } from '../../../../../../server/features/sportsbook/sandbox/widget/client/model.ts';
import { toggle } from '../../../../../../server/features/sportsbook/sandbox/widget/client/slip.ts';
import { eventsFixture } from './events-fixture.ts';

describe('widget routes', () => {
  const events = eventsFixture();
  it('round-trips every route through its path, in either language', () => {
    for (const route of [
      { kind: 'home' as const },
      { kind: 'sport' as const, sportId: 'soccer' },
      { kind: 'tournament' as const, sportId: 'soccer', tournamentId: 'brasileirao-serie-a' },
      { kind: 'event' as const, eventId: 'e2' },
    ]) {
      expect(routeOf(pathOf(route, events), events)).toEqual(route);
      expect(routeOf(pathOf(route, events), eventsFixture('en'))).toEqual(route);
    }
    expect(pathOf({ kind: 'event', eventId: 'e2' }, events)).toBe('/soccer/brazil/brasileirao-serie-a/corinthians-x-sao-paulo-e2');
  });

  it('finds an event by the id at the end of its segment (names may change with the language)', () => {
    expect(routeOf('/soccer/brazil/brasileirao-serie-a/anything-e1', events)).toEqual({ kind: 'event', eventId: 'e1' });
    expect(routeOf('/soccer/brazil/brasileirao-serie-a/e1/', events)).toEqual({ kind: 'event', eventId: 'e1' });
  });

  it('calls an unknown address missing, not home', () => {
    expect(routeOf('/', events)).toEqual({ kind: 'home' });
    expect(routeOf('/curling', events)).toEqual({ kind: 'missing' });
    expect(routeOf('/soccer/brazil/brasileirao-serie-a/x-e404', events)).toEqual({ kind: 'missing' });
  });

  it('uses an id as a segment only when it reads as one', () => {
    expect(segmentFor({ id: 'soccer', name: 'Futebol' })).toBe('soccer');
    expect(segmentFor({ id: '17', name: 'Brasileirão Série A' })).toBe('brasileirao-serie-a-17');
    expect(eventSegment(events[0]!)).toBe('flamengo-x-palmeiras-e1');
    expect(slugify('São Paulo')).toBe('sao-paulo');
  });
});

describe('stakes and odds', () => {
  it('reads stakes typed the Brazilian or the English way', () => {
    expect(parseStake('10', 'pt')).toBe(1000);
    expect(parseStake('R$ 10,50', 'pt')).toBe(1050);
    expect(parseStake('1.234,56', 'pt')).toBe(123456);
    expect(parseStake('10.5', 'pt')).toBe(1050);
    expect(parseStake('1,234.56', 'en')).toBe(123456);
    expect(parseStake('0', 'pt')).toBeNull();
    expect(parseStake('1,234', 'pt')).toBeNull();
    expect(parseStake('abc', 'en')).toBeNull();
  });

  it('multiplies odds for a multiple and pays whole centavos', () => {
    expect(combinedOdds([2.1, 2.5])).toBe(5.25);
    // Priced as the sportsbook does: rounded down at each step (6.2475 → 6.24).
    expect(combinedOdds([2.45, 2.55])).toBe(6.24);
    expect(combinedOdds([1.85, 1.85, 1.85])).toBe(6.32);
    expect(potentialReturn(1000, 2.1)).toBe(2100);
    expect(potentialReturn(333, 1.85)).toBe(616);
  });

  it('keeps one pick per event: another outcome replaces it, the same one removes it', () => {
    const [e1, e2] = eventsFixture();
    let picks = toggle([], e1!, 'e1-1x2', '1');
    picks = toggle(picks, e2!, 'e2-1x2', '2');
    picks = toggle(picks, e1!, 'e1-1x2', 'x');
    expect(picks.map((p) => [p.eventId, p.outcomeId])).toEqual([
      ['e1', 'x'],
      ['e2', '2'],
    ]);
    expect(toggle(picks, e2!, 'e2-1x2', '2').map((p) => p.eventId)).toEqual(['e1']);
  });
});
