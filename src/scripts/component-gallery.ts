import { loadIsland } from './load-island.ts';

/**
 * `/NewComponents` (issue 20): the gallery's buttons that show the live
 * components. React, the modal and the toasts load on the first click
 * (src/islands/gallery), so the page's first paint is plain HTML like every
 * static page's: `[data-gallery-modal]` opens the site's modal,
 * `[data-gallery-toast=info|success|error]` raises a toast whose text is
 * the button's `data-text`.
 */
const TONES = ['info', 'success', 'error'] as const;
type GalleryTone = (typeof TONES)[number];
const isTone = (value: string | undefined): value is GalleryTone => TONES.includes(value as GalleryTone);

document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element)) return;
  if (event.target.closest('[data-gallery-modal]')) {
    void loadIsland(() => import('../islands/gallery/mount.tsx')).then((m) => m.openGallery());
    return;
  }
  const toast = event.target.closest<HTMLElement>('[data-gallery-toast]');
  const tone = toast?.dataset.galleryToast;
  if (toast && isTone(tone)) {
    const text = toast.dataset.text ?? '';
    void loadIsland(() => import('../islands/gallery/mount.tsx')).then((m) => m.toastFromGallery(tone, text));
  }
});
