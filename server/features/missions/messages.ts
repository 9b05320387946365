import type { LocalizedText } from '../../http/messages.ts';

/** What the mission calls answer, in both site languages (the error handler picks the caller's). */
export const MISSION_MESSAGES = {
  notFound: { pt: 'Esta missão não existe.', en: 'This mission does not exist.' },
  notOffered: { pt: 'Esta missão não está disponível para você.', en: 'This mission is not available to you.' },
  notStarted: { pt: 'Esta missão ainda não começou.', en: 'This mission has not started yet.' },
  inactive: { pt: 'Esta missão está desativada.', en: 'This mission is switched off.' },
  expired: { pt: 'Esta missão já terminou.', en: 'This mission has ended.' },
  notAccepted: { pt: 'Aceite a missão antes de reivindicar a recompensa.', en: 'Accept the mission before claiming its reward.' },
  notCompleted: { pt: 'Complete a missão antes de reivindicar a recompensa.', en: 'Complete the mission before claiming its reward.' },
  alreadyClaimed: { pt: 'A recompensa desta missão já foi reivindicada.', en: 'This mission’s reward has already been claimed.' },
  depositRegulated: {
    pt: 'Missões de depósito não são permitidas neste site: seriam uma vantagem para apostar (Lei nº 14.790/2023, art. 29).',
    en: 'Deposit missions are not allowed on this site: they would be an advantage to bet with (Law 14,790/2023, art. 29).',
  },
  boxUnavailable: { pt: 'A caixa desta recompensa não está mais disponível.', en: 'This reward’s box is no longer available.' },
  kindLocked: { pt: 'Jogadores já aceitaram esta missão: o tipo não pode mudar.', en: 'Players have taken this mission: its kind cannot change.' },
  patchNotObject: { pt: 'O patch deve ser um objeto JSON.', en: 'The patch must be a JSON object.' },
  assignedTitle: { pt: 'Nova missão para você', en: 'A new mission for you' },
  assignedMessage: { pt: 'Você recebeu a missão “{{title}}”. Boa sorte!', en: 'You got the mission “{{title}}”. Good luck!' },
} satisfies Record<string, LocalizedText>;
