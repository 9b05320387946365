import { pwa } from '../i18n/en-US.json';

/** The install modal's texts in en-US, alone in the modal's lazy chunk (Vite keeps only this subtree of the JSON). */
export const texts = pwa.install.modal;
