import { atom } from 'nanostores';
import { showToast, type ToastTone } from './toasts.ts';

/**
 * The design-system gallery's live parts (`/NewComponents`, issue 20): the
 * site's modal, opened by its button, and the site's toasts. The gallery
 * shows the real components working, so their state lives here like any
 * feature's, and the island only renders it.
 */
export const $galleryModal = atom<boolean>(false);

export function openGalleryModal(): void {
  $galleryModal.set(true);
}

export function closeGalleryModal(): void {
  $galleryModal.set(false);
}

/** "Confirmar": the modal closes and a success toast says so, as a real confirmation would. */
export function confirmGalleryModal(confirmation: string): void {
  closeGalleryModal();
  showToast({ tone: 'success', text: confirmation });
}

/** A toast of the given tone, as the site raises them (a plain message, a success, an error). */
export function showGalleryToast(tone: Exclude<ToastTone, 'notification'>, text: string): void {
  showToast({ tone, text });
}
