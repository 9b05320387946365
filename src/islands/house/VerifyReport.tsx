import type { TFunction } from 'i18next';
import type { HouseRoundView } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatMultiplier, outcomeText } from '../../lib/house/format.ts';
import type { VerifyReport } from '../../stores/house-verify.ts';

const mark = (ok: boolean | null) => (ok === null ? '' : ok ? '✓' : '✗');

/** The check's result: hashes side by side, recomputed vs recorded outcome and multiplier, one clear ✓/✗. */
export function VerifyReportView({ t, locale, report, round }: { t: TFunction; locale: Locale; report: VerifyReport; round: HouseRoundView | null }) {
  const { answer } = report;
  return (
    <section className={`house-card house-verify-result ${report.match ? 'is-match' : 'is-mismatch'}`} data-testid="verify-result" data-match={String(report.match)} aria-live="polite">
      <h2>{report.match ? t('house.verify.result.match') : t('house.verify.result.mismatch')}</h2>
      <dl className="house-hashes">
        <div>
          <dt>{t('house.verify.result.browserHash')}</dt>
          <dd>
            <code data-testid="verify-browser-hash">{report.browserHash}</code>
          </dd>
        </div>
        {report.hashMatch !== null && (
          <div>
            <dt>{t('house.verify.result.committedHash')}</dt>
            <dd>
              <code>{report.committedHash}</code> {report.hashMatch ? t('house.verify.result.hashOk') : t('house.verify.result.hashBad')}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('house.verify.result.serverHash')}</dt>
          <dd>
            <code>{answer.server_seed_hash}</code> {answer.server_seed_hash === report.browserHash ? t('house.verify.result.hashOk') : t('house.verify.result.hashBad')}
          </dd>
        </div>
      </dl>
      <table className="house-compare">
        <thead>
          <tr>
            <th scope="col">{t('house.verify.result.column')}</th>
            <th scope="col">{t('house.verify.result.recomputed')}</th>
            {round && <th scope="col">{t('house.verify.result.stored')}</th>}
            {round && <th scope="col" aria-label="✓/✗" />}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('house.verify.result.outcome')}</th>
            <td data-testid="verify-outcome">{outcomeText(answer.outcome, locale)}</td>
            {round && <td>{outcomeText(round.outcome, locale)}</td>}
            {round && <td>{mark(report.outcomeMatch)}</td>}
          </tr>
          <tr>
            <th scope="row">{t('house.verify.result.multiplier')}</th>
            <td data-testid="verify-multiplier" data-multiplier={answer.multiplier}>
              {formatMultiplier(answer.multiplier, locale)}
            </td>
            {round && <td>{formatMultiplier(round.multiplier, locale)}</td>}
            {round && <td>{mark(report.multiplierMatch)}</td>}
          </tr>
        </tbody>
      </table>
    </section>
  );
}
