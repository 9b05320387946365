/**
 * A date for people (DD/MM/YYYY in Portuguese, spec section 9): re-exported
 * from the one date module, which shows every date in the player's zone.
 */
export { formatDay } from '../datetime.ts';
