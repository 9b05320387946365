/**
 * i18n keys of the notification API's texts (namespace `notifications.api`
 * of src/i18n; field errors are translated by the error handler, the other
 * texts with `localizedKey`).
 */
export const NOTIFICATION_KEYS = {
  notFound: 'notifications.api.notFound',
  listUnknown: 'notifications.api.listUnknown',
  type: 'notifications.api.type',
  globalType: 'notifications.api.globalType',
  playerType: 'notifications.api.playerType',
  userId: 'notifications.api.userId',
  playerNotFound: 'notifications.api.playerNotFound',
  title: 'notifications.api.title',
  message: 'notifications.api.message',
  url: 'notifications.api.url',
  boxId: 'notifications.api.boxId',
} as const;
