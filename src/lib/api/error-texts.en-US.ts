import { error_messages, errors } from '../../i18n/en-US.json';
import type { ErrorTexts } from './errors.ts';

/** Only the error subtrees of the en-US resource: Vite tree-shakes the rest of the JSON out of this chunk. */
export const texts: ErrorTexts = { error_messages, errors };
