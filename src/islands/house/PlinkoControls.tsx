import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { PlinkoParams } from '../../contract/casino.ts';
import { $plinko, setPlinko } from '../../stores/house.ts';

const ROWS: PlinkoParams['rows'][] = [8, 12, 16];
const RISKS: PlinkoParams['risk'][] = ['low', 'medium', 'high'];

/**
 * Plinko: rows and risk. The payout table is not shown: it lives on the
 * platform and no contract constant or call exposes it (results show the
 * multiplier the platform paid).
 */
export function PlinkoControls({ t, disabled }: { t: TFunction; disabled: boolean }) {
  const plinko = useStore($plinko);
  const rowsId = useId();
  const riskId = useId();
  return (
    <div className="house-controls house-controls--row">
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
  );
}
