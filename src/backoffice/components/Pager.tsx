import { t } from '../i18n.ts';

/** Previous / next links of a paged table (the page lives in the URL). */
export function Pager({ previous, next, label }: { previous: string | null; next: string | null; label: string }) {
  if (!previous && !next) return null;
  return (
    <nav className="pager" aria-label={label}>
      {previous ? (
        <a href={previous} data-nav>
          {t('common.previous')}
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      {next ? (
        <a href={next} data-nav>
          {t('common.next')}
        </a>
      ) : null}
    </nav>
  );
}
