import type { TFunction } from 'i18next';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';

const CasinoHistoryView = lazy(() => import('../wallet/CasinoHistoryView.tsx').then((m) => ({ default: m.CasinoHistoryView })));
const SportsHistoryView = lazy(() => import('./SportsHistoryView.tsx').then((m) => ({ default: m.SportsHistoryView })));

type Tab = 'casino' | 'sports';
const TABS: readonly Tab[] = ['casino', 'sports'];

/** `?tab=sports` opens the sports tab (a link or a reload keeps the choice). */
function tabFromAddress(): Tab {
  return new URLSearchParams(location.search).get('tab') === 'sports' ? 'sports' : 'casino';
}

/**
 * `/user/edit/history-casino` for a tenant with a sportsbook: the casino and
 * sports bet histories as two tabs (ARIA tabs: ←/→, Home/End move between
 * them; the choice is kept in the address as `?tab=sports`).
 */
export function BetHistoryTabs({ t, locale }: { t: TFunction; locale: Locale }) {
  const [tab, setTab] = useState<Tab>(tabFromAddress);
  const base = useId();
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ casino: null, sports: null });

  const choose = (next: Tab, focus: boolean) => {
    setTab(next);
    const url = new URL(location.href);
    if (next === 'sports') url.searchParams.set('tab', 'sports');
    else url.searchParams.delete('tab');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    if (focus) refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose(TABS[(moves[event.key]! + TABS.length) % TABS.length]!, true);
  };

  return (
    <>
      <div className="bet-tabs" role="tablist" aria-label={t('sports.history.tabs')}>
        {TABS.map((id) => (
          <button
            key={id}
            ref={(el) => {
              refs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${id}`}
            aria-selected={tab === id}
            aria-controls={`${base}-${id}-panel`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => choose(id, false)}
            onKeyDown={onKeyDown}
          >
            {t(id === 'casino' ? 'sports.history.casinoTab' : 'sports.history.sportsTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}`}>
        <Suspense fallback={<p className="account-loading">{t('account.loading')}</p>}>
          {tab === 'casino' ? <CasinoHistoryView t={t} locale={locale} /> : <SportsHistoryView t={t} locale={locale} />}
        </Suspense>
      </div>
    </>
  );
}
