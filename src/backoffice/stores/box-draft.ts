import { type BoxColor, type BoxInput, type OperatorBoxView, type PrizeKind } from '../../contract/boxes.ts';
import { percentToPpm, ppmToPercent } from './box-odds.ts';
import { centavosOf, decimalMark, reaisText, wholeOf } from './numbers.ts';
import { moveItem } from './list-order.ts';

/**
 * A box as its editor holds it: every number as the operator types it
 * (reais, percentages), turned into centavos and ppm only by `boxBody`.
 */
export interface PrizeDraft {
  /** Stable across moves, for the list's keys (not sent). */
  key: string;
  namePt: string;
  nameEn: string;
  image: string;
  kind: PrizeKind;
  /** Reais. */
  value: string;
  /** Reais; items only ('' = cannot be sold). */
  sellValue: string;
  /** VIP points; `vip_points` prizes only. */
  points: string;
  /** Percent, up to four decimals. */
  percent: string;
}

export interface BoxDraft {
  slug: string;
  namePt: string;
  nameEn: string;
  descriptionPt: string;
  descriptionEn: string;
  image: string;
  color: BoxColor;
  /** Reais; 0 for a box that is only won or given. */
  price: string;
  buyable: boolean;
  active: boolean;
  position: string;
  prizes: PrizeDraft[];
}

let keys = 0;
export function newPrize(): PrizeDraft {
  return { key: `prize-${++keys}`, namePt: '', nameEn: '', image: '', kind: 'item', value: '', sellValue: '', points: '', percent: '' };
}

/** The editor's draft of a stored box, or of a new one (one empty prize, switched on, buyable). */
export function draftOfBox(box: OperatorBoxView | null): BoxDraft {
  if (!box) return { slug: '', namePt: '', nameEn: '', descriptionPt: '', descriptionEn: '', image: '', color: 'blue', price: '', buyable: true, active: true, position: '0', prizes: [newPrize()] };
  return {
    slug: box.slug,
    namePt: box.name.pt,
    nameEn: box.name.en,
    descriptionPt: box.description.pt,
    descriptionEn: box.description.en,
    image: box.image ?? '',
    color: box.color,
    price: reaisText(box.price),
    buyable: box.buyable,
    active: box.active,
    position: String(box.position),
    prizes: box.prizes.map((p) => ({
      ...newPrize(),
      namePt: p.name.pt,
      nameEn: p.name.en,
      image: p.image ?? '',
      kind: p.kind,
      value: reaisText(p.value),
      sellValue: p.kind === 'item' && p.sell_value > 0 ? reaisText(p.sell_value) : '',
      points: p.kind === 'vip_points' ? String(p.points) : '',
      percent: ppmToPercent(p.probability_ppm, decimalMark()),
    })),
  };
}

/** A stored box in the form `PUT /operator/boxes/{slug}` takes, to compare the edited one with. */
export function inputOfBox(box: OperatorBoxView): BoxInput {
  return {
    name: box.name,
    description: box.description,
    image: box.image,
    color: box.color,
    price: box.price,
    buyable: box.buyable,
    active: box.active,
    position: box.position,
    prizes: box.prizes.map((p) => ({ name: p.name, image: p.image, kind: p.kind, value: p.value, sell_value: p.sell_value, points: p.points, probability_ppm: p.probability_ppm })),
  };
}

/**
 * The draft in the API's units (centavos, ppm), before validation: what
 * cannot be read is null, so the contract's schema names that field. Fields
 * a prize's kind does not use are sent as the contract wants them (0).
 */
export function boxBody(d: BoxDraft) {
  return {
    name: { pt: d.namePt, en: d.nameEn },
    description: { pt: d.descriptionPt, en: d.descriptionEn },
    image: d.image.trim() || null,
    color: d.color,
    price: centavosOf(d.price, null),
    buyable: d.buyable,
    active: d.active,
    position: wholeOf(d.position, 0),
    prizes: d.prizes.map((p) => ({
      name: { pt: p.namePt, en: p.nameEn },
      image: p.image.trim() || null,
      kind: p.kind,
      value: centavosOf(p.value, 0),
      sell_value: p.kind === 'item' ? centavosOf(p.sellValue, 0) : 0,
      points: p.kind === 'vip_points' ? wholeOf(p.points, null) : 0,
      probability_ppm: percentToPpm(p.percent),
    })),
  };
}

/** Moves prize `index` one place up (-1) or down (+1): the order is the draw's ticket order and the order players see. */
export const movePrize: (list: readonly PrizeDraft[], index: number, by: -1 | 1) => PrizeDraft[] = moveItem;

/** A slug suggested from the box's name: `Caixa Ouro!` → `caixa-ouro` (accents dropped; never only digits). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return /^\d+$/.test(slug) ? `caixa-${slug}` : slug;
}
