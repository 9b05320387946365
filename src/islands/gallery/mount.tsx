import { openGalleryModal, showGalleryToast } from '../../stores/gallery.ts';
import type { ToastTone } from '../../stores/toasts.ts';
import { pageIsland } from '../shared/page-island.tsx';
import { mountToasts } from '../toasts/mount.tsx';
import { GalleryModal } from './GalleryModal.tsx';

/** Entry of the gallery's live parts, loaded on the first click of one of its buttons (`/NewComponents`). */
const ensureGalleryRoot = pageIsland('gallery-root', () => <GalleryModal />);

export function openGallery(): void {
  ensureGalleryRoot();
  // The modal's "Confirmar" raises a toast.
  mountToasts();
  openGalleryModal();
}

export function toastFromGallery(tone: Exclude<ToastTone, 'notification'>, text: string): void {
  mountToasts();
  showGalleryToast(tone, text);
}
