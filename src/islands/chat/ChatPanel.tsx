import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { CHAT_IMAGE_TYPES, CHAT_TEXT_MAX, chatTextLength } from '../../contract/chat.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { restoreFocus } from '../../lib/focus/modal-focus.ts';
import { formatBRL } from '../../lib/money-format.ts';
import {
  $chatAmountBet,
  $chatAttachment,
  $chatCanWrite,
  $chatDraft,
  $chatLoad,
  $chatSend,
  $chatUpload,
  $chatView,
  attachChatImage,
  closeChat,
  loadChat,
  removeChatAttachment,
  sendChatMessage,
  setChatDraft,
} from '../../stores/chat.ts';
import { messageText } from '../auth/use-translator.ts';
import { ChatMessage } from './ChatMessage.tsx';
import { CloseIcon } from '../shared/CloseIcon.tsx';

/**
 * The chat side panel: pinned messages on top, then the conversation
 * (scrolled to the newest), and the composer for players or the "log in to
 * chat" prompt for guests (its button opens the login modal through the
 * header's `[data-auth-open]` handler). Esc closes it. Players may attach
 * one image per message: it uploads as soon as it is picked and shows as a
 * removable thumbnail until sent.
 */
export function ChatPanel({ t, locale }: { t: TFunction; locale: Locale }) {
  const titleId = useId();
  const inputId = useId();
  const load = useStore($chatLoad);
  const view = useStore($chatView);
  const amountBet = useStore($chatAmountBet);
  const canWrite = useStore($chatCanWrite);
  const draft = useStore($chatDraft);
  const send = useStore($chatSend);
  const attachment = useStore($chatAttachment);
  const upload = useStore($chatUpload);
  const picker = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  const panel = useRef<HTMLElement>(null);

  // Keyboard users land in the panel: on the composer for players, on "close" for guests.
  useEffect(() => {
    (input.current ?? close.current)?.focus();
  }, []);

  // Closed from inside (Esc, ✕), the panel gives focus back to the control that opened it.
  useLayoutEffect(() => {
    const opener = document.activeElement;
    const element = panel.current;
    return () => {
      if (element?.contains(document.activeElement)) restoreFocus(opener, [document.querySelector('[data-chat-open]')]);
    };
  }, []);

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [view.others.length]);

  const length = chatTextLength(draft.trim());
  return (
    <section
      ref={panel}
      className="chat-panel"
      role="dialog"
      aria-labelledby={titleId}
      data-testid="chat-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') closeChat();
      }}
    >
      <header className="chat-panel__head">
        <h2 id={titleId}>{t('chat.panel.title')}</h2>
        <button ref={close} type="button" className="chat-panel__close" onClick={closeChat} aria-label={t('chat.panel.close')}>
          <CloseIcon size={22} />
        </button>
      </header>
      {canWrite && amountBet > 0 && <p className="chat-panel__bet">{t('chat.panel.amountBet', { amount: formatBRL(amountBet, locale) })}</p>}
      {view.pinned.length > 0 && (
        <ol className="chat-panel__pinned" aria-label={t('chat.panel.pinned')}>
          {view.pinned.map((message) => (
            <ChatMessage key={message.id} message={message} t={t} locale={locale} pinned />
          ))}
        </ol>
      )}
      {load.status === 'loading' && view.others.length === 0 && <p className="chat-panel__status">{t('chat.panel.loading')}</p>}
      {load.status === 'failed' && (
        <div className="chat-panel__status" role="alert">
          <p>{messageText(t, load.message)}</p>
          <button type="button" className="chat-panel__retry" onClick={() => void loadChat()}>
            {t('chat.panel.retry')}
          </button>
        </div>
      )}
      {load.status === 'ready' && view.others.length === 0 && view.pinned.length === 0 && <p className="chat-panel__status">{t('chat.panel.empty')}</p>}
      <ol ref={list} className="chat-panel__messages" aria-label={t('chat.panel.messages')} aria-live="polite">
        {view.others.map((message) => (
          <ChatMessage key={message.id} message={message} t={t} locale={locale} pinned={false} />
        ))}
      </ol>
      {canWrite ? (
        <form
          className="chat-panel__form"
          onSubmit={(event) => {
            event.preventDefault();
            void sendChatMessage();
          }}
        >
          <input
            ref={picker}
            type="file"
            accept={CHAT_IMAGE_TYPES.join(',')}
            hidden
            data-testid="chat-image-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Cleared so picking the same file again still fires a change.
              event.currentTarget.value = '';
              if (file) void attachChatImage(file);
            }}
          />
          <button
            type="button"
            className="chat-panel__attach"
            disabled={upload.status === 'uploading'}
            aria-label={upload.status === 'uploading' ? t('chat.panel.attaching') : t('chat.panel.attach')}
            title={t('chat.panel.attach')}
            onClick={() => picker.current?.click()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v9.6l3.3-3.3a1 1 0 0 1 1.4 0l2.8 2.8 1.8-1.8a1 1 0 0 1 1.4 0L19 16.6V6H5Zm10.5 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z"
              />
            </svg>
          </button>
          <label htmlFor={inputId} className="visually-hidden">
            {t('chat.panel.placeholder')}
          </label>
          <input
            ref={input}
            id={inputId}
            className="chat-panel__input"
            type="text"
            autoComplete="off"
            value={draft}
            placeholder={t('chat.panel.placeholder')}
            aria-invalid={send.status === 'failed' || length > CHAT_TEXT_MAX}
            onChange={(event) => setChatDraft(event.currentTarget.value)}
          />
          <button type="submit" className="chat-panel__send" disabled={send.status === 'sending' || upload.status === 'uploading'}>
            {send.status === 'sending' ? t('chat.panel.sending') : t('chat.panel.send')}
          </button>
          {upload.status === 'uploading' && (
            <p className="chat-panel__upload" role="status">
              {t('chat.panel.attaching')}
            </p>
          )}
          {attachment && (
            <div className="chat-panel__thumb" data-testid="chat-attachment">
              <img src={attachment.attachment_url} alt={t('chat.panel.attached')} referrerPolicy="no-referrer" />
              <button type="button" className="chat-panel__unattach" onClick={removeChatAttachment} aria-label={t('chat.panel.removeImage')}>
                <CloseIcon size={16} />
              </button>
            </div>
          )}
          <span className={length > CHAT_TEXT_MAX ? 'chat-panel__counter chat-panel__counter--over' : 'chat-panel__counter'} aria-hidden="true">
            {t('chat.panel.counter', { length, max: CHAT_TEXT_MAX })}
          </span>
          {send.status === 'failed' && (
            <p className="chat-panel__error" role="alert">
              {messageText(t, send.message)}
            </p>
          )}
          {upload.status === 'failed' && (
            <p className="chat-panel__error" role="alert" data-testid="chat-upload-error">
              {messageText(t, upload.message)}
            </p>
          )}
        </form>
      ) : (
        <div className="chat-panel__guest" data-testid="chat-guest-prompt">
          <p>{t('chat.panel.guestPrompt')}</p>
          <button type="button" className="chat-panel__login" data-auth-open="login">
            {t('chat.panel.login')}
          </button>
        </div>
      )}
    </section>
  );
}
