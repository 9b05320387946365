import type { LocalizedText } from '../../http/messages.ts';

/** Field-error i18n keys (translated by the error handler with src/i18n, namespace `houseApi`). */
export const HOUSE_KEYS = {
  amountMin: 'houseApi.amountMin',
  amountMax: 'houseApi.amountMax',
  diceTarget: 'houseApi.diceTarget',
  direction: 'houseApi.direction',
  limboTarget: 'houseApi.limboTarget',
  rows: 'houseApi.rows',
  risk: 'houseApi.risk',
  clientSeed: 'houseApi.clientSeed',
  game: 'houseApi.game',
  freeRound: 'houseApi.freeRound',
  freeRoundDemo: 'houseApi.freeRoundDemo',
} as const;

/** Platform texts of the house games that are not field errors. */
export const HOUSE_MESSAGES = {
  unknownGame: { pt: 'Jogo não encontrado.', en: 'Game not found.' },
  roundNotFound: { pt: 'Rodada não encontrada.', en: 'Round not found.' },
  loginForRealMoney: { pt: 'Faça login para jogar com dinheiro real.', en: 'Log in to play for real money.' },
  noActor: { pt: 'Sessão de visitante ausente. Recarregue a página.', en: 'Missing visitor session. Please reload the page.' },
} satisfies Record<string, LocalizedText>;
