import { atom } from 'nanostores';

/**
 * The risk warning about addiction and losses (Portaria SPA/MF 1.231/2024
 * art. 4), raised by every login and registration and shown on each page
 * until the player dismisses it. Kept in sessionStorage so a navigation
 * (or a reload) in the same tab still shows it, and a new login shows it again.
 */
const KEY = 'risk_warning';

function stored(): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function store(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the warning still shows on this page.
  }
}

export const $riskWarning = atom<boolean>(stored());

/** After a login, a Google login or a registration. */
export function raiseRiskWarning(): void {
  store(true);
  $riskWarning.set(true);
}

/** "Entendi", or the session ending. */
export function dismissRiskWarning(): void {
  store(false);
  if ($riskWarning.get()) $riskWarning.set(false);
}
