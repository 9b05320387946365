import { error_messages, errors } from '../../i18n/pt-BR.json';
import type { ErrorTexts } from './errors.ts';

/** Only the error subtrees of the pt-BR resource: Vite tree-shakes the rest of the JSON out of this chunk. */
export const texts: ErrorTexts = { error_messages, errors };
