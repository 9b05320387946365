import type { LocalizedText } from '../../http/messages.ts';

/** Platform texts of the profile feature not found in the shared i18n resources. */
export const PROFILE_MESSAGES = {
  selfExclusionRunning: {
    pt: 'A autoexclusão só pode ser removida depois de {{end}}.',
    en: 'Self-exclusion can only be removed after {{end}}.',
  },
  selfExclusionRemoved: { pt: 'Autoexclusão encerrada.', en: 'Self-exclusion removed.' },
  avatarMissing: { pt: 'Escolha uma imagem.', en: 'Choose an image.' },
  avatarTooLarge: { pt: 'A imagem deve ter no máximo 2 MB.', en: 'The image must be at most 2 MB.' },
  avatarType: {
    pt: 'Formato não suportado. Use JPG, PNG, BMP, GIF, WEBP ou SVG.',
    en: 'Unsupported format. Use JPG, PNG, BMP, GIF, WEBP or SVG.',
  },
  avatarUnsafeSvg: {
    pt: 'Esta imagem SVG contém scripts, eventos ou referências externas e não pode ser usada. Envie um SVG simples ou uma imagem PNG/JPG.',
    en: 'This SVG image contains scripts, event handlers or external references and cannot be used. Upload a plain SVG or a PNG/JPG image.',
  },
} satisfies Record<string, LocalizedText>;
