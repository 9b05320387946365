import type { LocalizedText } from '../../http/messages.ts';

/** Texts of the boxes feature (issue 19), in Portuguese (the base) and English. */
export const BOX_MESSAGES = {
  disabled: { pt: 'As caixas não estão disponíveis neste site.', en: 'Boxes are not available on this site.' },
  boxNotFound: { pt: 'Caixa não encontrada.', en: 'Box not found.' },
  userBoxNotFound: { pt: 'Você não tem esta caixa.', en: 'You do not have this box.' },
  prizeNotFound: { pt: 'Você não tem este prêmio.', en: 'You do not have this prize.' },
  purchaseNotAllowed: {
    pt: 'Caixas compradas com dinheiro não são permitidas neste site (Lei nº 14.790/2023, art. 29). Você ainda pode abrir as caixas que ganhou.',
    en: 'Boxes bought with money are not allowed on this site (Law 14,790/2023, art. 29). You can still open the boxes you won.',
  },
  openPurchasedNotAllowed: {
    pt: 'Caixas compradas com dinheiro não podem ser abertas neste site (Lei nº 14.790/2023, art. 29). Você pode vendê-la de volta pelo preço que pagou.',
    en: 'Boxes bought with money cannot be opened on this site (Law 14,790/2023, art. 29). You can sell it back for the price you paid.',
  },
  notForSale: { pt: 'Esta caixa não está à venda.', en: 'This box is not for sale.' },
  alreadyOpened: { pt: 'Esta caixa já foi aberta.', en: 'This box has already been opened.' },
  alreadySold: { pt: 'Esta caixa já foi vendida.', en: 'This box has already been sold.' },
  boxNotSellable: { pt: 'Esta caixa não pode ser vendida: só caixas compradas e ainda fechadas podem.', en: 'This box cannot be sold: only boxes you bought and have not opened can.' },
  prizeAlreadySold: { pt: 'Este prêmio já foi vendido.', en: 'This prize has already been sold.' },
  prizeNotSellable: { pt: 'Este prêmio não pode ser vendido.', en: 'This prize cannot be sold.' },
  noPrizes: { pt: 'Esta caixa ainda não tem prêmios.', en: 'This box has no prizes yet.' },
  grantedTitle: { pt: 'Você ganhou uma caixa!', en: 'You won a box!' },
  grantedMessage: { pt: 'Você ganhou: {{name}}. Abra em Minhas caixas.', en: 'You won: {{name}}. Open it in My boxes.' },
} satisfies Record<string, LocalizedText>;
