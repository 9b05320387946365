import { SITE_FILE_MAX_BYTES, SITE_FILE_MAX_PIXELS, SITE_FILES_MAX_PER_TENANT, type SiteFileUse } from '../../../src/contract/site-files.ts';
import type { LocalizedText } from '../../http/messages.ts';

const MB = SITE_FILE_MAX_BYTES / (1024 * 1024);
const MEGAPIXELS = SITE_FILE_MAX_PIXELS / 1_000_000;

/** Platform texts of the site's uploaded images (issue 21), in Portuguese and English. */
export const SITE_FILE_MESSAGES = {
  missing: {
    pt: 'Envie um arquivo de imagem (PNG, JPEG, WebP, GIF ou SVG).',
    en: 'Send an image file (PNG, JPEG, WebP, GIF or SVG).',
  },
  tooLarge: {
    pt: `A imagem deve ter no máximo ${MB} MB.`,
    en: `The image must be at most ${MB} MB.`,
  },
  type: {
    pt: 'Formato não aceito: envie uma imagem PNG, JPEG, WebP, GIF ou SVG.',
    en: 'Format not accepted: send a PNG, JPEG, WebP, GIF or SVG image.',
  },
  damaged: {
    pt: 'Não foi possível ler a imagem: o arquivo parece estar corrompido ou incompleto. Exporte-o novamente.',
    en: 'The image could not be read: the file seems damaged or incomplete. Export it again.',
  },
  pixels: {
    pt: `A imagem tem pixels demais: o máximo é ${MEGAPIXELS} megapixels. Reduza-a e envie de novo.`,
    en: `The image has too many pixels: at most ${MEGAPIXELS} megapixels. Make it smaller and send it again.`,
  },
  svg: {
    pt: 'Não foi possível desenhar este SVG. Exporte-o novamente ou envie-o como PNG.',
    en: 'This SVG could not be drawn. Export it again or send it as a PNG.',
  },
  limit: {
    pt: `O site já tem ${SITE_FILES_MAX_PER_TENANT} imagens enviadas, o máximo permitido.`,
    en: `The site already has ${SITE_FILES_MAX_PER_TENANT} uploaded images, the most allowed.`,
  },
  notFound: { pt: 'Imagem não encontrada.', en: 'Image not found.' },
  notUploaded: {
    pt: 'A configuração cita uma imagem em /uploads/ que não foi enviada a este site. Envie a imagem primeiro ou corrija o caminho.',
    en: 'The configuration names an image in /uploads/ that was not uploaded to this site. Upload the image first or correct the path.',
  },
} satisfies Record<string, LocalizedText>;

const USE_NAMES: Record<SiteFileUse['where'], LocalizedText> = {
  config: { pt: 'configuração do site', en: 'site configuration' },
  box: { pt: 'caixa', en: 'box' },
  prize: { pt: 'prêmio da caixa', en: 'prize of box' },
  promotion: { pt: 'promoção', en: 'promotion' },
  rank: { pt: 'nível VIP', en: 'VIP level' },
  page: { pt: 'página', en: 'page' },
  provider: { pt: 'provedor', en: 'provider' },
  game: { pt: 'jogo', en: 'game' },
};

/** Why an image cannot be deleted, naming each place it is used (`configuração do site images.logo; caixa ouro`). */
export function siteFileInUseMessage(uses: readonly SiteFileUse[]): LocalizedText {
  const list = (locale: 'pt' | 'en') => uses.map((use) => `${USE_NAMES[use.where][locale]} ${use.name}`).join('; ');
  return {
    pt: `A imagem ainda é usada pelo site (${list('pt')}). Troque-a nesses lugares e tente de novo.`,
    en: `The image is still used by the site (${list('en')}). Replace it there and try again.`,
  };
}
