import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $galleryModal, closeGalleryModal, confirmGalleryModal } from '../../stores/gallery.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { usePageLocale } from '../shared/use-page-locale.ts';
import '../auth/auth.css';

/**
 * The gallery's sample dialog: the site's `ModalDialog` (the frame of the
 * login, deposit and withdrawal modals) with a field and the two buttons a
 * confirmation has. The nickname typed is the field's own: nothing is sent.
 */
export function GalleryModal() {
  const open = useStore($galleryModal);
  const t = useTranslator(usePageLocale());
  const fieldId = useId();
  const textId = useId();
  const [nickname, setNickname] = useState('');
  if (!open || !t) return null;
  return (
    <ModalDialog title={t('pwa.gallery.modal.title')} closeLabel={t('pwa.gallery.modal.close')} onClose={closeGalleryModal} describedBy={textId} data={{ testid: 'gallery-modal' }}>
      <form
        className="auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          confirmGalleryModal(t('pwa.gallery.modal.confirmed'));
        }}
      >
        <p id={textId}>{t('pwa.gallery.modal.text')}</p>
        <div className="field">
          <label htmlFor={fieldId}>{t('pwa.gallery.modal.field')}</label>
          <input id={fieldId} type="text" autoComplete="nickname" maxLength={40} value={nickname} onChange={(event) => setNickname(event.target.value)} />
        </div>
        <div className="auth-form__actions">
          <button type="button" className="button" onClick={closeGalleryModal}>
            {t('pwa.gallery.modal.cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {t('pwa.gallery.modal.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
