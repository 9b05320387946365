import { useId } from 'react';
import { PRIZE_KINDS } from '../../contract/boxes.ts';
import { Field } from '../components/Field.tsx';
import { ImageField } from '../components/ImageField.tsx';
import { t } from '../i18n.ts';
import type { PrizeDraft } from '../stores/box-draft.ts';

interface BoxPrizeProps {
  prize: PrizeDraft;
  /** 0-based place in the list (the draw's order). */
  index: number;
  count: number;
  /** The messages of the fields under `prizes.{index}.…`, by the field's dotted path. */
  said: (...fields: string[]) => string[] | undefined;
  onChange: (patch: Partial<PrizeDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * One prize of the box editor: its texts, picture (uploaded or named by
 * path, previewed), kind, value, sell value or VIP points, chance, and
 * where it sits in the list. The move and remove buttons
 * that cannot act are marked, not disabled, so the keyboard focus never
 * falls off a button that was just used.
 */
export function BoxPrize({ prize: p, index, count, said, onChange, onMove, onRemove }: BoxPrizeProps) {
  const id = useId();
  const n = index + 1;
  const at = (field: string) => `prizes.${index}.${field}`;
  return (
    <fieldset data-prize={n}>
      <legend>{t('boxes.prize', { n })}</legend>
      <div className="grid">
        <Field label={t('boxes.prizeNamePt')} lang="pt-BR" value={p.namePt} onChange={(e) => onChange({ namePt: e.target.value })} errors={said(at('name'), at('name.pt'))} />
        <Field label={t('boxes.prizeNameEn')} lang="en-US" value={p.nameEn} onChange={(e) => onChange({ nameEn: e.target.value })} errors={said(at('name.en'))} />
        <ImageField label={t('boxes.prizeImage', { n })} value={p.image} onChange={(image) => onChange({ image })} errors={said(at('image'))} />
      </div>
      <div className="grid grid--compact">
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('boxes.kind')}</label>
          <select id={`${id}-kind`} value={p.kind} onChange={(e) => onChange({ kind: e.target.value as PrizeDraft['kind'] })}>
            {PRIZE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`boxes.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t('boxes.percent')} inputMode="decimal" value={p.percent} onChange={(e) => onChange({ percent: e.target.value })} errors={said(at('probability_ppm'))} />
        <Field label={t('boxes.value')} inputMode="decimal" value={p.value} onChange={(e) => onChange({ value: e.target.value })} errors={said(at('value'))} />
        {p.kind === 'item' ? (
          <Field
            label={t('boxes.sellValue')}
            hint={t('boxes.sellValueHint')}
            inputMode="decimal"
            value={p.sellValue}
            onChange={(e) => onChange({ sellValue: e.target.value })}
            errors={said(at('sell_value'))}
          />
        ) : (
          <Field label={t('boxes.points')} inputMode="numeric" value={p.points} onChange={(e) => onChange({ points: e.target.value })} errors={said(at('points'))} />
        )}
      </div>
      <div className="actions">
        <button className="button button--small" type="button" aria-disabled={index === 0} onClick={() => index > 0 && onMove(-1)}>
          {t('boxes.up', { n })}
        </button>
        <button className="button button--small" type="button" aria-disabled={index === count - 1} onClick={() => index < count - 1 && onMove(1)}>
          {t('boxes.down', { n })}
        </button>
        <button className="button button--small" type="button" aria-disabled={count === 1} onClick={() => count > 1 && onRemove()}>
          {t('boxes.remove', { n })}
        </button>
      </div>
    </fieldset>
  );
}
