import { createRoot } from 'react-dom/client';
import { pageIsland } from '../shared/page-island.tsx';
import { RegistrationLimitsDialog } from './RegistrationLimitsDialog.tsx';
import { RiskWarning } from './RiskWarning.tsx';
import { TimeAlertDialog } from './TimeAlertDialog.tsx';

/** Entry of the time alert island, mounted once per page lifetime at the end of `<body>`. */
export const ensureTimeAlertRoot = pageIsland('time-alert-root', () => <TimeAlertDialog />);

/** Entry of the registration limits a regulated tenant still waits for (a first Google sign-in), mounted only when asked. */
export const ensureRegistrationLimitsRoot = pageIsland('registration-limits-root', () => <RegistrationLimitsDialog />);

/**
 * Entry of the risk warning: its host sits at the top of `<main>` (in the
 * page's flow, so it covers nothing) and follows ClientRouter navigations
 * into each new page's `<main>`.
 */
let warningHost: HTMLElement | null = null;

function placeWarningHost(): void {
  if (!warningHost) return;
  const main = document.getElementById('main') ?? document.body;
  if (warningHost.parentElement !== main || main.firstElementChild !== warningHost) main.prepend(warningHost);
}

export function ensureRiskWarningRoot(): void {
  if (warningHost) return placeWarningHost();
  warningHost = document.createElement('div');
  warningHost.id = 'risk-warning-root';
  placeWarningHost();
  document.addEventListener('astro:after-swap', placeWarningHost);
  createRoot(warningHost).render(<RiskWarning />);
}
