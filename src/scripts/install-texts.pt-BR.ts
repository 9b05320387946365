import { pwa } from '../i18n/pt-BR.json';

/** The install modal's texts in pt-BR, alone in the modal's lazy chunk (Vite keeps only this subtree of the JSON). */
export const texts = pwa.install.modal;
