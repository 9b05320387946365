import type { LocalizedText } from '../../http/messages.ts';

/** Texts of the ranks feature; `{{name}}` placeholders filled by `fill` (auth/messages.ts). */
export const RANK_MESSAGES = {
  rankUpTitle: { pt: 'Você subiu de rank!', en: 'You ranked up!' },
  rankUpMessage: {
    pt: 'Parabéns: você chegou ao rank {{name}} (nível {{level}}). Veja seu progresso no Ranking.',
    en: 'Congratulations: you reached the {{name}} rank (level {{level}}). See your progress on the Ranking.',
  },
  rankUpPoints: {
    pt: 'Parabéns: você chegou ao rank {{name}} (nível {{level}}) e ganhou {{points}} pontos VIP. Pontos VIP não são dinheiro.',
    en: 'Congratulations: you reached the {{name}} rank (level {{level}}) and earned {{points}} VIP points. VIP points are not money.',
  },
} satisfies Record<string, LocalizedText>;
