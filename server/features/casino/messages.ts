import type { LocalizedText } from '../../http/messages.ts';

/** Texts of the catalogue's refusals, in both API languages. */
export const CASINO_MESSAGES = {
  gameNotFound: { pt: 'Jogo não encontrado.', en: 'Game not found.' },
  gameMaintenance: {
    pt: 'Este jogo está em manutenção. Tente novamente mais tarde.',
    en: 'This game is under maintenance. Please try again later.',
  },
  realMoneyNeedsLogin: {
    pt: 'Faça login para jogar com dinheiro real.',
    en: 'Log in to play with real money.',
  },
} satisfies Record<string, LocalizedText>;
