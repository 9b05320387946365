import type { TFunction } from 'i18next';
import type { ChatColorClass, ChatMessageView } from '../../contract/chat.ts';
import { isSafeChatImageUrl } from '../../contract/chat.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatTime } from '../../lib/datetime.ts';
import { ChatMissionAccept, chatMissionId } from '../missions/ChatMissionAccept.tsx';

/** `colorClass` → this island's CSS class: the platform's value never reaches `className` as given. */
const COLOR_CLASSES: Record<ChatColorClass, string> = {
  default: 'chat-msg--default',
  primary: 'chat-msg--primary',
  gold: 'chat-msg--gold',
  green: 'chat-msg--green',
  red: 'chat-msg--red',
  blue: 'chat-msg--blue',
  purple: 'chat-msg--purple',
};

/**
 * One chat message. Text, names and mission fields are React text nodes
 * only (never parsed as HTML, links not made clickable); images only from
 * https or same-site addresses.
 */
export function ChatMessage({ message, t, locale, pinned }: { message: ChatMessageView; t: TFunction; locale: Locale; pinned: boolean }) {
  const author = message.user ? (message.user.name ?? t('chat.panel.anonymous')) : t('chat.panel.notice');
  const classes = ['chat-msg', message.colorClass ? COLOR_CLASSES[message.colorClass] : '', pinned ? 'chat-msg--pinned' : '', message.mission ? 'chat-msg--mission' : '']
    .filter(Boolean)
    .join(' ');
  const missionTitle = message.mission && typeof message.mission.title === 'string' ? message.mission.title : null;
  const missionId = chatMissionId(message.mission);
  return (
    <li className={classes} data-testid="chat-message" data-message-id={message.id}>
      <div className="chat-msg__head">
        {message.emoji && (
          <span className="chat-msg__emoji" aria-hidden="true">
            {message.emoji}
          </span>
        )}
        <span className="chat-msg__author">{author}</span>
        {pinned && <span className="chat-msg__badge">{t('chat.panel.pinned')}</span>}
        {message.mission && <span className="chat-msg__badge chat-msg__badge--mission">{t('chat.panel.mission')}</span>}
        <time className="chat-msg__time" dateTime={message.time}>
          {formatTime(message.time, locale)}
        </time>
      </div>
      {message.text !== '' && <p className="chat-msg__text">{message.text}</p>}
      {missionTitle && <p className="chat-msg__mission">{missionTitle}</p>}
      {missionId !== null && <ChatMissionAccept id={missionId} t={t} />}
      {message.attachments.length > 0 && (
        <div className="chat-msg__images">
          {message.attachments
            .filter((a) => isSafeChatImageUrl(a.attachment_url))
            .map((a) => (
              <img key={a.attachment_url} src={a.attachment_url} alt={t('chat.panel.image', { name: author })} loading="lazy" referrerPolicy="no-referrer" />
            ))}
        </div>
      )}
    </li>
  );
}
