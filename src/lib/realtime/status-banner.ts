import { $realtimeState, realtimeDegraded, type RealtimeState } from './state.ts';
import { getTranslator } from '../i18n-client.ts';
import { currentLocale } from '../locale.ts';

/**
 * Tells the player when live updates are not arriving (spec section 4
 * connection states): pusher-js reports `unavailable` after 10 s without a
 * connection and `failed` when no transport works; it keeps retrying, and the
 * notice goes away once `connected` again. Plain DOM, no React: it lives with
 * the realtime client and costs nothing before it.
 */
export const REALTIME_BANNER_ID = 'realtime-status';

function render(element: HTMLElement, state: RealtimeState, text: string): void {
  element.hidden = !realtimeDegraded(state);
  element.dataset.state = state;
  element.textContent = text;
}

let started = false;

export function startRealtimeStatusBanner(doc: Document = document): void {
  if (started) return;
  started = true;
  const element = doc.createElement('div');
  element.id = REALTIME_BANNER_ID;
  element.className = 'realtime-status';
  element.setAttribute('role', 'status');
  element.hidden = true;
  doc.body.append(element);
  const translate = getTranslator(currentLocale());
  $realtimeState.subscribe((state) => {
    if (!realtimeDegraded(state)) return render(element, state, '');
    void translate.then((t) => {
      if ($realtimeState.get() === state) render(element, state, t(`realtime.${state}`));
    });
  });
}
