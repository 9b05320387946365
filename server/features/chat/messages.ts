/**
 * i18n keys of the chat API's texts (namespace `chat.api` of src/i18n):
 * field errors are translated by the error handler, the other texts with
 * `localizedKey` / `translate`.
 */
export const CHAT_KEYS = {
  text: 'chat.api.text',
  textEmpty: 'chat.api.textEmpty',
  textLong: 'chat.api.textLong',
  textControl: 'chat.api.textControl',
  attachments: 'chat.api.attachments',
  attachmentsMany: 'chat.api.attachmentsMany',
  attachmentType: 'chat.api.attachmentType',
  attachmentUrl: 'chat.api.attachmentUrl',
  imageMissing: 'chat.api.imageMissing',
  imageTooLarge: 'chat.api.imageTooLarge',
  imageType: 'chat.api.imageType',
  imageNotFound: 'chat.api.imageNotFound',
  limit: 'chat.api.limit',
  muted: 'chat.api.muted',
  messageNotFound: 'chat.api.messageNotFound',
  playerNotFound: 'chat.api.playerNotFound',
  userId: 'chat.api.userId',
  minutes: 'chat.api.minutes',
  reason: 'chat.api.reason',
  pinnedUntil: 'chat.api.pinnedUntil',
  pinnedPast: 'chat.api.pinnedPast',
  colorClass: 'chat.api.colorClass',
  emoji: 'chat.api.emoji',
  mission: 'chat.api.mission',
} as const;
