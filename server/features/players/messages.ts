import type { LocalizedText } from '../../http/messages.ts';

/** Platform texts of the players feature, in Portuguese and English. */
export const PLAYER_MESSAGES = {
  /** To the player, at login and on any call with a token: the staff's reason is never shown. */
  blocked: {
    pt: 'Sua conta está bloqueada. Entre em contato com o suporte para saber mais.',
    en: 'Your account is blocked. Please contact support to find out more.',
  },
  alreadyBlocked: { pt: 'Este jogador já está bloqueado.', en: 'This player is already blocked.' },
  notBlocked: { pt: 'Este jogador não está bloqueado.', en: 'This player is not blocked.' },
  notFound: { pt: 'Jogador não encontrado.', en: 'Player not found.' },
} satisfies Record<string, LocalizedText>;
