import type { LocalizedText } from '../../http/messages.ts';

/** Platform texts of the free rounds. */
export const FREE_ROUND_MESSAGES = {
  none: { pt: 'Você não tem rodadas grátis deste jogo.', en: 'You have no free rounds of this game.' },
} satisfies Record<string, LocalizedText>;
