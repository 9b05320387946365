import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { PlinkoParams } from '../../contract/casino.ts';
import { PLINKO_TABLES } from '../../contract/house.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatPayout } from '../../lib/house/format.ts';
import { $plinko, setPlinko } from '../../stores/house.ts';

const ROWS: PlinkoParams['rows'][] = [8, 12, 16];
const RISKS: PlinkoParams['risk'][] = ['low', 'medium', 'high'];

/**
 * Plinko: rows and risk, and the payout of each landing slot for that
 * choice. The table is the contract's (`PLINKO_TABLES`), the very one the
 * platform pays from, so what is shown is what a round pays.
 */
export function PlinkoControls({ t, locale, disabled }: { t: TFunction; locale: Locale; disabled: boolean }) {
  const plinko = useStore($plinko);
  const rowsId = useId();
  const riskId = useId();
  const tableId = useId();
  const table = PLINKO_TABLES[plinko.rows][plinko.risk];
  return (
    <div className="house-controls">
      <div className="house-controls--row">
        <div className="house-field">
          <label htmlFor={rowsId}>{t('house.plinko.rows')}</label>
          <select id={rowsId} data-testid="plinko-rows" value={plinko.rows} disabled={disabled} onChange={(e) => setPlinko({ rows: Number(e.target.value) as PlinkoParams['rows'] })}>
            {ROWS.map((rows) => (
              <option key={rows} value={rows}>
                {rows}
              </option>
            ))}
          </select>
        </div>
        <div className="house-field">
          <label htmlFor={riskId}>{t('house.plinko.risk')}</label>
          <select id={riskId} data-testid="plinko-risk" value={plinko.risk} disabled={disabled} onChange={(e) => setPlinko({ risk: e.target.value as PlinkoParams['risk'] })}>
            {RISKS.map((risk) => (
              <option key={risk} value={risk}>
                {t(`house.plinko.risks.${risk}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="plinko-payouts">
        <p id={tableId} className="house-muted">
          {t('house.plinko.table', { rows: plinko.rows, risk: t(`house.plinko.risks.${plinko.risk}`).toLowerCase() })}
        </p>
        <ol className="plinko-payouts__slots" aria-labelledby={tableId} data-testid="plinko-table" data-rows={plinko.rows} data-risk={plinko.risk}>
          {table.map((multiplier, slot) => (
            <li key={slot} data-multiplier={multiplier}>
              <span className="visually-hidden">{t('house.plinko.slot', { slot })}: </span>
              {formatPayout(multiplier, locale)}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
