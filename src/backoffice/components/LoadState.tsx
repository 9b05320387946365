import { t } from '../i18n.ts';
import type { Resource } from '../stores/resource.ts';

/** "Loading…" or the refusal of a screen's data, above its content. */
export function LoadState({ state }: { state: Resource<unknown> }) {
  if (state.error)
    return (
      <p className="message message--error" role="alert">
        {state.error}
      </p>
    );
  if (state.loading && state.data === null)
    return (
      <p className="muted" aria-live="polite">
        {t('common.loading')}
      </p>
    );
  return null;
}
