import type { SportEvent } from '../../../../../../server/features/sportsbook/sandbox/widget/client/model.ts';

/** A small feed in the agreed shape (`GET /sandbox-sportsbook/api/events`), for the widget's tests. */
export function eventsFixture(lang: 'pt' | 'en' = 'pt'): SportEvent[] {
  const pt = lang === 'pt';
  const result = (id: string, home: string, away: string, odds: [string, string, string]) => ({
    id: `${id}-1x2`,
    name: pt ? 'Resultado final' : 'Match result',
    outcomes: [
      { id: '1', name: home, odds: odds[0] },
      { id: 'x', name: pt ? 'Empate' : 'Draw', odds: odds[1] },
      { id: '2', name: away, odds: odds[2] },
    ],
  });
  const goals = (id: string) => ({
    id: `${id}-ou`,
    name: pt ? 'Total de gols 2,5' : 'Total goals 2.5',
    outcomes: [
      { id: 'over', name: pt ? 'Mais de 2,5' : 'Over 2.5', odds: '1.95' },
      { id: 'under', name: pt ? 'Menos de 2,5' : 'Under 2.5', odds: '1.85' },
    ],
  });
  const soccer = { id: 'soccer', name: pt ? 'Futebol' : 'Football' };
  const brazil = { id: 'brazil', name: pt ? 'Brasil' : 'Brazil' };
  const serieA = { id: 'brasileirao-serie-a', name: 'Brasileirão Série A' };
  return [
    {
      id: 'e1',
      sport: soccer,
      category: brazil,
      tournament: serieA,
      scheduled: '2026-11-29T19:00:00Z',
      live: false,
      competitors: ['Flamengo', 'Palmeiras'],
      markets: [result('e1', 'Flamengo', 'Palmeiras', ['2.10', '3.20', '3.40']), goals('e1')],
    },
    {
      id: 'e2',
      sport: soccer,
      category: brazil,
      tournament: serieA,
      scheduled: '2026-11-29T21:30:00Z',
      live: true,
      competitors: ['Corinthians', 'São Paulo'],
      markets: [result('e2', 'Corinthians', 'São Paulo', ['2.50', '3.00', '2.90'])],
    },
    {
      id: 'e3',
      sport: { id: 'basketball', name: pt ? 'Basquete' : 'Basketball' },
      category: brazil,
      tournament: { id: 'nbb', name: 'NBB' },
      scheduled: '2026-11-30T23:00:00Z',
      live: false,
      competitors: ['Franca', 'Flamengo'],
      markets: [{ id: 'e3-ml', name: pt ? 'Vencedor' : 'Winner', outcomes: [{ id: '1', name: 'Franca', odds: '1.70' }, { id: '2', name: 'Flamengo', odds: '2.15' }] }],
    },
  ];
}
